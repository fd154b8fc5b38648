import { Module, type DynamicModule } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { ConfigModule } from './common/config.module.js';
import { DatabaseModule } from './common/database.module.js';
import { HealthController } from './health/health.controller.js';
import { AuthCoreModule } from './auth/auth-core.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AdminModule } from './admin/admin.module.js';
import { QueueModule } from './queue/queue.module.js';
import { StorageModule } from './storage/storage.module.js';
import { TrackerProxyModule } from './tracker-proxy/tracker-proxy.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { SearchModule } from './search/search.module.js';
import { PlaylistsModule } from './playlists/playlists.module.js';
import { PositionsModule } from './positions/positions.module.js';
import { ImagesModule } from './images/images.module.js';
import { ShareModule } from './share/share.module.js';
import { MediaModule } from './media/media.module.js';
import { AnalysisModule } from './analysis/analysis.module.js';
import { StatsModule } from './stats/stats.module.js';

// Feature modules register here, one line each.
const FEATURES: DynamicModule['imports'] = [
  AuthModule,
  QueueModule,
  StorageModule,
  AdminModule,
  CatalogueModule,
  SearchModule,
  PlaylistsModule,
  PositionsModule,
  ImagesModule,
  ShareModule,
  MediaModule,
  AnalysisModule,
  TrackerProxyModule,
  StatsModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule.forRoot(), AuthCoreModule, ...(FEATURES ?? [])],
      controllers: [HealthController],
    };
  }
}
