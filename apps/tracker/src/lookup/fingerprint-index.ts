import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '@app/config';
import { InMemoryFingerprintIndex, unpackPostings, type PostingRows } from '@app/recognition';
import { LookupRepository } from './lookup.repository.js';

/** The channel the FingerprintPostingsPacked migration's triggers notify (a track id, or `*`). */
export const FINGERPRINTS_CHANNEL = 'cuview_fingerprints';
/** The channel of the CatalogueChangeNotify migration's triggers (titles, albums, links...). */
const CATALOGUE_CHANNEL = 'cuview_catalogue';
const RETRY_MS = 1000;
/** A round trip slower than this means the listening connection is unwell: drop it. */
const SYNC_TIMEOUT_MS = 2000;
/** Tracks read per query when loading or re-reading (some 50 kB each for 4 min of audio). */
const READ_BATCH = 200;

/**
 * The fingerprint index of this tracker process: every track's postings in memory, loaded from
 * Postgres (`fingerprint_postings`, the source of truth) at start and kept current by its
 * triggers' notifications, on a connection of its own. A query's lookup is then a binary search
 * per hash instead of an index probe in Postgres (the scale search looks up some 16,000).
 *
 * Before each query the index catches up with every write committed before the query arrived:
 * a round trip on the listening connection delivers their notifications first (Postgres sends
 * a listening session the notifications of transactions committed before a query ahead of its
 * answer), then the named tracks are read again. So a track the worker stores, replaces or a
 * delete removes is answered accordingly by every tracker process from its next query on.
 * While the connection is down, each query compares every track's `version` instead.
 *
 * The same connection follows the catalogue's notifications for the tracker's cache of
 * matched tracks' details (LookupService): `catalogueEpoch` changes whenever one may be stale.
 */
@Injectable()
export class FingerprintIndex implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(FingerprintIndex.name);
  private readonly index = new InMemoryFingerprintIndex();
  /** The version of each track held (fingerprint_postings.version). */
  private readonly versions = new Map<number, string>();
  /** Tracks named by notifications since they were last read. */
  private readonly changed = new Set<number>();
  /** Every track's version must be compared (at start, after a lost connection, a truncate). */
  private compareAll = true;
  private client: pg.Client | null = null;
  /**
   * The client's LISTEN has taken effect. Until then a round trip on it delivers nothing (a
   * query sent while it connects runs before the LISTEN), so queries compare every version, as
   * while it is down.
   */
  private listening = false;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private epoch = 0;
  /** The round trip under way, and the one that callers arriving meanwhile will share. */
  private syncing: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  /** Changes are applied one batch at a time, in order. */
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: LookupRepository,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
    await this.apply();
    // Merges the loaded tracks now rather than in the first query.
    this.index.lookup(new Uint32Array(0));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  /** Brings the index up to every change committed before this call. */
  async catchUp(): Promise<void> {
    await this.roundTrip();
    await this.apply();
  }

  /** The postings of `hashes` (distinct), as of the last catchUp. */
  lookup(hashes: Uint32Array): PostingRows {
    return this.index.lookup(hashes);
  }

  get trackCount(): number {
    return this.index.trackCount;
  }

  /**
   * Changes when the catalogue changed (a track's title, album, members, links...) or may have
   * unseen: after a lost connection, and at every catch-up while it is down.
   */
  get catalogueEpoch(): number {
    return this.epoch;
  }

  /**
   * A round trip sent after the caller arrived: one under way was sent too early for it, so a
   * caller arriving meanwhile waits for the next, shared with everyone else who arrives
   * meanwhile (at most one in flight and one queued, whatever the query rate).
   */
  private roundTrip(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.sendRoundTrip().finally(() => {
        this.syncing = null;
      });
      return this.syncing;
    }
    this.nextSync ??= this.syncing.then(() => {
      this.nextSync = null;
      return this.roundTrip();
    });
    return this.nextSync;
  }

  private async sendRoundTrip(): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) {
      this.compareAll = true;
      this.epoch++;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to a sync in ${SYNC_TIMEOUT_MS} ms`)), SYNC_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      this.lost(client, error);
      this.compareAll = true;
    } finally {
      clearTimeout(timer);
    }
  }

  private apply(): Promise<void> {
    const run = this.applying.then(() => this.applyChanges());
    this.applying = run.catch(() => undefined);
    return run;
  }

  private async applyChanges(): Promise<void> {
    if (this.compareAll) {
      this.compareAll = false;
      this.changed.clear();
      try {
        const current = await this.repository.findPostingVersions();
        const present = new Set<number>();
        const stale: number[] = [];
        for (const { albumTrackId, version } of current) {
          present.add(albumTrackId);
          if (this.versions.get(albumTrackId) !== version) stale.push(albumTrackId);
        }
        for (const id of [...this.versions.keys()]) if (!present.has(id)) this.remove(id);
        await this.read(stale);
      } catch (error) {
        this.compareAll = true;
        throw error;
      }
      return;
    }
    if (this.changed.size === 0) return;
    const ids = [...this.changed];
    this.changed.clear();
    try {
      await this.read(ids);
    } catch (error) {
      for (const id of ids) this.changed.add(id);
      throw error;
    }
  }

  /** Reads the tracks again: changed ones are replaced, deleted ones removed. */
  private async read(ids: readonly number[]): Promise<void> {
    for (let from = 0; from < ids.length; from += READ_BATCH) {
      const batch = ids.slice(from, from + READ_BATCH);
      const found = new Set<number>();
      for (const row of await this.repository.findPackedPostings(batch)) {
        found.add(row.albumTrackId);
        if (this.versions.get(row.albumTrackId) === row.version) continue;
        this.index.add(row.albumTrackId, unpackPostings(row.postings));
        this.versions.set(row.albumTrackId, row.version);
      }
      for (const id of batch) if (!found.has(id)) this.remove(id);
    }
  }

  private remove(id: number): void {
    this.index.remove(id);
    this.versions.delete(id);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      application_name: 'cuview-tracker fingerprint-index',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL && !message.payload?.startsWith('playlist:')) this.epoch++;
      if (message.channel !== FINGERPRINTS_CHANNEL) return;
      const id = Number(message.payload);
      if (Number.isInteger(id)) this.changed.add(id);
      else this.compareAll = true;
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${FINGERPRINTS_CHANNEL}`);
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (this.client !== client) return;
      // What was written before LISTEN took effect notified nobody here.
      this.listening = true;
      this.compareAll = true;
      this.epoch++;
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    // Notifications may have been missed: the next query compares every track's version.
    this.compareAll = true;
    this.epoch++;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(
      `fingerprint notifications lost, comparing versions per query until they are back: ${
        error instanceof Error ? error.message : 'connection ended'
      }`,
    );
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, RETRY_MS);
  }
}
