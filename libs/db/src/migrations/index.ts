import { Init1795269124704 } from './1795269124704-Init.js';
import { SearchIndexes1795269124705 } from './1795269124705-SearchIndexes.js';
import { VideoTitleNorm1795271417168 } from './1795271417168-VideoTitleNorm.js';
import { CatalogueReadIndexes1795280000000 } from './1795280000000-CatalogueReadIndexes.js';
import { CatalogueChangeNotify1795280000001 } from './1795280000001-CatalogueChangeNotify.js';
import { FingerprintPeaksV21795280000002 } from './1795280000002-FingerprintPeaksV2.js';
import { SearchFullText1795644800000 } from './1795644800000-SearchFullText.js';
import { PlaylistOwnerPosition1795644861923 } from './1795644861923-PlaylistOwnerPosition.js';
import { WatchPositions1795664949136 } from './1795664949136-WatchPositions.js';
import { VideoStoryboardSubtitles1795664968423 } from './1795664968423-VideoStoryboardSubtitles.js';
import { TwoFactorAndViewingStats1795666018862 } from './1795666018862-TwoFactorAndViewingStats.js';
import { SearchTitlePrefix1795700000000 } from './1795700000000-SearchTitlePrefix.js';
import { AdminListSortIndexes1795730000000 } from './1795730000000-AdminListSortIndexes.js';
import { FilterFacetKeys1795760000000 } from './1795760000000-FilterFacetKeys.js';
import { FingerprintPostingsPacked1795790000000 } from './1795790000000-FingerprintPostingsPacked.js';
import { SearchChangeNotify1795820000000 } from './1795820000000-SearchChangeNotify.js';
import { VideoWatermarkWarning1795850000000 } from './1795850000000-VideoWatermarkWarning.js';
import { EditRevisions1795860000000 } from './1795860000000-EditRevisions.js';
import { ViewableVideos1795890000000 } from './1795890000000-ViewableVideos.js';
import { AnyScriptSearch1795920000000 } from './1795920000000-AnyScriptSearch.js';

// Every migration, in order. A newly generated migration is added here after review.
export const MIGRATIONS: Function[] = [
  Init1795269124704,
  SearchIndexes1795269124705,
  VideoTitleNorm1795271417168,
  CatalogueReadIndexes1795280000000,
  CatalogueChangeNotify1795280000001,
  FingerprintPeaksV21795280000002,
  SearchFullText1795644800000,
  PlaylistOwnerPosition1795644861923,
  WatchPositions1795664949136,
  VideoStoryboardSubtitles1795664968423,
  TwoFactorAndViewingStats1795666018862,
  SearchTitlePrefix1795700000000,
  AdminListSortIndexes1795730000000,
  FilterFacetKeys1795760000000,
  FingerprintPostingsPacked1795790000000,
  SearchChangeNotify1795820000000,
  VideoWatermarkWarning1795850000000,
  EditRevisions1795860000000,
  ViewableVideos1795890000000,
  AnyScriptSearch1795920000000,
];
