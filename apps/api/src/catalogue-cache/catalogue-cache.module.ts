import { Module } from '@nestjs/common';
import { CatalogueCache } from './catalogue-cache.js';
import { CatalogueChanges } from './catalogue-changes.js';

@Module({
  providers: [CatalogueCache, CatalogueChanges],
  exports: [CatalogueCache, CatalogueChanges],
})
export class CatalogueCacheModule {}
