import { FilterResultsScreen } from '@/features/search';

export default function FilterResultsRoute() {
  return <FilterResultsScreen />;
}
