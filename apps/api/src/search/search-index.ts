import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { CatalogueChanges, type ChangeFollower } from '../catalogue-cache/catalogue-changes.js';
import { ReadDb } from '../catalogue/read-db.js';
import { searchDocumentsQuery } from './search-sql.js';
import { TextIndex, type TextDocument, type TextMatches } from './text-index.js';

/** The channel the SearchChangeNotify migration's triggers notify (a video id, or `*`). */
export const SEARCH_CHANNEL = 'cuview_search';
/** Videos read per query while loading. */
const LOAD_BATCH = 5000;
/** Changed videos read per query when catching up. */
const READ_BATCH = 1000;
const RETRY_MS = 5000;

/**
 * The in-memory search index of this api process (SEARCH_ENGINE=memory, TextIndex): the search
 * text of every visible video, loaded from Postgres in the background at start, while searches
 * go to Postgres, and kept current by the SearchChangeNotify triggers' notifications, heard on
 * the catalogue cache's listening connection (CatalogueChanges).
 *
 * Before each search it catches up with every write committed before the search arrived, as the
 * tracker's fingerprint index does: a round trip on the listening connection delivers their
 * notifications first, then the named videos are read again (a hidden or deleted one is dropped).
 * While the connection is down nothing can be trusted: searches go to Postgres, and the index is
 * loaded again once it is back.
 */
@Injectable()
export class SearchIndex implements ChangeFollower {
  readonly channel = SEARCH_CHANNEL;
  private readonly logger = new Logger(SearchIndex.name);
  /** The index that answers; null until loaded, and while notifications may be missed. */
  private engine: TextIndex | null = null;
  /** Videos named by notifications since they were last read. */
  private readonly changed = new Set<number>();
  private reloadAll = false;
  /** Moves on whenever listening starts or stops: a load begun before is abandoned. */
  private generation = 0;
  /** Changes are applied one batch at a time, in order. */
  private applying: Promise<void> = Promise.resolve();
  private loadedAt: Promise<void>;
  private markLoaded!: () => void;

  constructor(
    config: AppConfig,
    private readonly changes: CatalogueChanges,
    private readonly read: ReadDb,
  ) {
    this.loadedAt = new Promise((resolve) => (this.markLoaded = resolve));
    if (config.SEARCH_ENGINE === 'memory') changes.follow(this);
  }

  /** Settles once the index answers searches (tests wait for it). */
  loaded(): Promise<void> {
    return this.loadedAt;
  }

  notified(payload: string): void {
    const id = Number(payload);
    if (Number.isInteger(id)) this.changed.add(id);
    else this.reloadAll = true;
  }

  listening(on: boolean): void {
    this.generation++;
    this.engine = null;
    if (on) void this.load(this.generation);
  }

  /**
   * The best `limit` visible videos matching the normalised text, and their number (TextIndex);
   * null when the index cannot answer (not loaded, or not listening), and Postgres must.
   */
  async search(q: string, limit: number): Promise<TextMatches | null> {
    if (!this.engine) return null;
    try {
      await this.changes.sync();
      await this.apply();
    } catch (error) {
      this.logger.warn(`text search goes to Postgres: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    const engine = this.engine as TextIndex | null;
    return engine ? engine.search(q, limit) : null;
  }

  private async load(generation: number): Promise<void> {
    const started = performance.now();
    const engine = new TextIndex();
    try {
      const count = await this.read.one<{ n: number }>({
        text: 'SELECT count(*)::int AS n FROM videos',
        values: [],
      });
      const total = count?.n ?? 0;
      this.logger.log(
        `loading the search index (up to ${total} videos); text search goes to Postgres until it is loaded`,
      );
      let afterId = 0;
      let reported = 0;
      for (;;) {
        if (generation !== this.generation) return;
        const rows = await this.read.rows<TextDocument>(searchDocumentsQuery({ afterId, limit: LOAD_BATCH }));
        if (rows.length === 0) break;
        for (const row of rows) engine.add(row);
        afterId = rows[rows.length - 1].id;
        if (engine.size - reported >= Math.max(total / 10, LOAD_BATCH)) {
          reported = engine.size;
          this.logger.log(
            `search index: ${reported} videos read, ${((performance.now() - started) / 1000).toFixed(0)} s`,
          );
        }
      }
    } catch (error) {
      if (generation !== this.generation) return;
      this.logger.warn(
        `search index not loaded, text search stays on Postgres and tries again in ${RETRY_MS / 1000} s: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      setTimeout(() => {
        if (generation === this.generation) void this.load(generation);
      }, RETRY_MS).unref();
      return;
    }
    if (generation !== this.generation) return;
    // Notifications heard during the load name what changed meanwhile: the next search reads them again.
    this.engine = engine;
    const rssMb = process.memoryUsage().rss / 2 ** 20;
    this.logger.log(
      `search index loaded: ${engine.size} videos in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(api RSS ${rssMb.toFixed(0)} MB); text search uses it from now on`,
    );
    this.markLoaded();
  }

  private apply(): Promise<void> {
    const run = this.applying.then(() => this.applyChanges());
    this.applying = run.catch(() => undefined);
    return run;
  }

  private async applyChanges(): Promise<void> {
    if (this.reloadAll) {
      // A truncate: everything is read again, and Postgres answers meanwhile.
      this.reloadAll = false;
      this.listening(true);
      return;
    }
    const engine = this.engine;
    if (!engine || this.changed.size === 0) return;
    const ids = [...this.changed];
    this.changed.clear();
    try {
      for (let from = 0; from < ids.length; from += READ_BATCH) {
        const batch = ids.slice(from, from + READ_BATCH);
        const rows = await this.read.rows<TextDocument>(searchDocumentsQuery({ ids: batch }));
        for (const id of batch) engine.remove(id);
        for (const row of rows) engine.add(row);
      }
    } catch (error) {
      for (const id of ids) this.changed.add(id);
      throw error;
    }
  }
}
