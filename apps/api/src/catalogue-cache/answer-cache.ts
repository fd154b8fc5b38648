/**
 * Decision: public catalogue answers (a playlist, a search page, a filter page) are cached
 * in each api process, bounded, and invalidated by Postgres rather than by expiry.
 *
 * - In process, not in Redis: a hit costs no network hop or parse, and losing the cache
 *   loses nothing (DESIGN.md §1 keeps Redis for queues). Each replica fills its own.
 * - Invalidation: triggers NOTIFY `*` (anything may have changed) or `playlist:<id>` on
 *   every write that can change a public answer, whoever makes it: admin, a playlist's
 *   owner, the worker, psql (migration CatalogueChangeNotify). Postgres sends a
 *   notification only once its transaction commits.
 * - Never stale, in any process: before answering, `sync` makes one round trip on the
 *   listening connection (shared by every request that arrived meanwhile); Postgres hands
 *   over the notifications of all transactions committed before it. Without it a loaded
 *   machine was seen answering the writer's next request before the notification arrived.
 *   A read that began before a change is not stored after it (the epoch), and nothing is
 *   served while the listening connection is down.
 * - Nothing personal: keys are the request's inputs (ids, normalised text, page), never a
 *   user; only answers that are the same for every caller are cached. Values are frozen.
 * - Memory: a budget in bytes of JSON with least-recently-used eviction, one answer at most
 *   an eighth of it, and a maximum age as a backstop for writes that bypass triggers.
 */

export interface AnswerCacheOptions {
  /** Budget for the stored answers, measured as the length of their JSON; 0 turns caching off. */
  maxBytes: number;
  /**
   * A stored answer is dropped after this long even without a notification: a bound on
   * staleness for changes that bypass triggers (a restore, session_replication_role=replica).
   */
  maxAgeMs: number;
}

interface Entry {
  value: unknown;
  bytes: number;
  storedAt: number;
}

/** A notification payload that empties the whole cache. */
export const EVERYTHING = '*';

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  live: boolean;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export class AnswerCache {
  /** Insertion order is recency order: a hit moves its entry to the end, eviction takes from the front. */
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private epoch = 0;
  private live = false;
  private hits = 0;
  private misses = 0;

  /** Resolves once every change committed before the call has been passed to `invalidate`. */
  sync: () => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly options: AnswerCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /** The answer stored under `key`, or `load()`'s, stored when nothing changed meanwhile. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live || !this.enabled) return load();
    try {
      await this.sync();
    } catch {
      // The listening connection failed; it suspends the cache and this read goes to Postgres.
    }
    if (!this.live) return load();
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt < this.options.maxAgeMs) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits++;
      return entry.value as T;
    }
    if (entry) this.remove(key);
    this.misses++;
    // Callers asking for the same answer at once share one read (no stampede after a change).
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const epoch = this.epoch;
    const read = load().then((value) => {
      if (this.live && this.epoch === epoch) this.store(key, value);
      return value;
    });
    this.loading.set(key, read);
    const forget = () => {
      if (this.loading.get(key) === read) this.loading.delete(key);
    };
    read.then(forget, forget);
    return read;
  }

  /** `*` empties the cache; any other payload is the key of the one answer it concerns. */
  invalidate(payload: string): void {
    this.epoch++;
    if (payload === EVERYTHING) {
      this.entries.clear();
      this.loading.clear();
      this.bytes = 0;
    } else {
      this.remove(payload);
      this.loading.delete(payload);
    }
  }

  /** Notifications are arriving: answers may be stored from now on. */
  resume(): void {
    this.invalidate(EVERYTHING);
    this.live = true;
  }

  /** Notifications may be missed (connection lost, shutting down): store and serve nothing. */
  suspend(): void {
    this.live = false;
    this.invalidate(EVERYTHING);
  }

  stats(): AnswerCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses, live: this.live };
  }

  private store(key: string, value: unknown): void {
    const bytes = key.length + (JSON.stringify(value)?.length ?? 0);
    // One answer may take at most an eighth of the budget, so a few huge ones cannot flush the rest.
    if (bytes > this.options.maxBytes / 8) return;
    this.remove(key);
    this.entries.set(key, { value: deepFreeze(value), bytes, storedAt: this.now() });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
