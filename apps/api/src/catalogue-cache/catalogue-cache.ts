import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { FilterSelection } from '../common/filter-list.js';
import { AnswerCache } from './answer-cache.js';

/** A backstop only: every catalogue change empties the entries it affects at once. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * The shared cache of public catalogue answers, with the keys of the answers it may hold.
 * A key's text is also the payload that invalidates it alone (see CatalogueChangeNotify):
 * `playlist:<id>` for a playlist's contents, `*` for everything else.
 */
@Injectable()
export class CatalogueCache extends AnswerCache {
  /**
   * The default budget (CATALOGUE_CACHE_MB = 32) holds about 2,000 search or filter pages of
   * 20 videos (~15 kB of JSON each).
   */
  constructor(config: AppConfig) {
    super({ maxBytes: config.CATALOGUE_CACHE_MB * 1024 * 1024, maxAgeMs: MAX_AGE_MS });
  }

  static playlistKey(playlistId: number): string {
    return `playlist:${playlistId}`;
  }

  /** `q` is the normalised search text. */
  static searchKey(q: string, page: number): string {
    return `search:${page}:${q}`;
  }

  /** Kinds in order and ids sorted (groupByKind), so equal selections share one entry. */
  static filterKey(selection: FilterSelection, page: number): string {
    const kinds = [...selection].sort(([a], [b]) => a - b).map(([kind, ids]) => `${kind}=${ids.join(',')}`);
    return `filter:${page}:${kinds.join(';')}`;
  }
}
