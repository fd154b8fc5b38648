import { Module, type Type } from '@nestjs/common';
import { AdminBannersModule } from './banners/banners.module.js';
import { AdminCategoriesModule } from './categories/categories.module.js';
import { AdminLookupsModule } from './lookups/lookups.module.js';
import { AdminPlaylistsModule } from './playlists/playlists.module.js';
import { AdminProcessingModule } from './processing/processing.module.js';
import { AdminSubtitlesModule } from './subtitles/subtitles.module.js';
import { AdminStatsModule } from './stats/stats.module.js';
import { AdminTaxonomyModule } from './taxonomy/taxonomy.module.js';
import { AdminThemesModule } from './themes/themes.module.js';
import { AdminVideosModule } from './videos/videos.module.js';
import { AdminWaveformsModule } from './waveforms/waveforms.module.js';

/**
 * Every admin domain module. The authorisation test walks the routes of exactly these, so a
 * new admin module goes here or it is neither served nor tested.
 */
export const ADMIN_MODULES: Type[] = [
  AdminLookupsModule,
  AdminCategoriesModule,
  AdminThemesModule,
  AdminPlaylistsModule,
  AdminBannersModule,
  AdminVideosModule,
  AdminProcessingModule,
  AdminSubtitlesModule,
  AdminWaveformsModule,
  AdminStatsModule,
  AdminTaxonomyModule,
];

/** The staff console's API (spec admin-and-auth §7). */
@Module({ imports: ADMIN_MODULES })
export class AdminModule {}
