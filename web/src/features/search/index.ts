export { PromoBlock } from './components/PromoBlock';
export { FilterResultsScreen } from './components/FilterResultsScreen';
export { SearchScreen } from './components/SearchScreen';
export { FilterPanel } from './components/FilterPanel';
