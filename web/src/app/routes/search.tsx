import { SearchScreen } from '@/features/search';

export default function SearchRoute() {
  return <SearchScreen />;
}
