import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '@app/config';
import { CatalogueCache } from './catalogue-cache.js';

/** The channel the CatalogueChangeNotify migration's triggers notify. */
export const CATALOGUE_CHANNEL = 'cuview_catalogue';
const RETRY_MS = 1000;
/** A sync slower than this means the connection is unwell: drop it and read from Postgres. */
const SYNC_TIMEOUT_MS = 2000;

/**
 * Something else of this process that follows a channel on the same connection (the search
 * index, SEARCH_ENGINE=memory), and round trips with `sync` as the cache does.
 */
export interface ChangeFollower {
  readonly channel: string;
  notified(payload: string): void;
  /**
   * Listening began (what was written before it went unheard) or stopped (from now on
   * notifications may be missed).
   */
  listening(on: boolean): void;
}

/**
 * Listens to the catalogue's change notifications on a connection of its own (a pooled
 * connection cannot LISTEN) and hands them to the cache and to the followers. While it is not
 * listening the cache is suspended, so a missed notification can never leave a stale answer
 * behind; followers hear the same.
 */
@Injectable()
export class CatalogueChanges implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CatalogueChanges.name);
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** The round trip under way, and the one that callers arriving meanwhile will share. */
  private syncing: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  private readonly followers: ChangeFollower[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly cache: CatalogueCache,
  ) {
    cache.sync = () => this.sync();
  }

  /** Before the module starts (a constructor): the channels are listened to when it does. */
  follow(follower: ChangeFollower): void {
    this.followers.push(follower);
  }

  /**
   * Postgres sends a listening session the notifications of every transaction committed
   * before a query ahead of that query's ReadyForQuery, and node-pg emits them before the
   * query resolves. A caller must wait for a round trip sent after it arrived, so one that
   * comes while a round trip is under way waits for the next, shared with everyone else who
   * arrives meanwhile: at most one in flight and one queued, whatever the request rate.
   */
  sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.roundTrip().finally(() => {
        this.syncing = null;
      });
      return this.syncing;
    }
    this.nextSync ??= this.syncing
      .catch(() => undefined)
      .then(() => {
        this.nextSync = null;
        return this.sync();
      });
    return this.nextSync;
  }

  private async roundTrip(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('not listening');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`no answer to a sync in ${SYNC_TIMEOUT_MS} ms`);
        this.lost(client, error);
        reject(error);
      }, SYNC_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleInit(): Promise<void> {
    if (this.cache.enabled || this.followers.length > 0) await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.cache.suspend();
    for (const follower of this.followers) follower.listening(false);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      application_name: 'cuview-api catalogue-changes',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) this.cache.invalidate(message.payload || '*');
      for (const follower of this.followers)
        if (message.channel === follower.channel) follower.notified(message.payload || '*');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      if (this.cache.enabled) await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      for (const follower of this.followers) await client.query(`LISTEN ${follower.channel}`);
      if (this.client === client && !this.closed) {
        this.cache.resume();
        for (const follower of this.followers) follower.listening(true);
      }
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.suspend();
    for (const follower of this.followers) follower.listening(false);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(
      `catalogue cache off until change notifications are back: ${error instanceof Error ? error.message : 'connection ended'}`,
    );
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, RETRY_MS);
  }
}
