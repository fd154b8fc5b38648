import { BadRequestException, HttpStatus, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterException } from '@app/common';
import { AppConfig } from '@app/config';
import { addressKey } from '../auth/rate-limiter.js';
import type { StatsReportDto } from './stats.dto.js';
import { StatsRepository, type ItemRow, type PlayReport } from './stats.repository.js';

/** Reports one beacon may carry (the player sends every 30 s and when the page goes away). */
export const MAX_REPORTS_PER_BEACON = 50;
/** Beacons one account may send a minute: several tabs, never a flood. */
export const MAX_BEACONS_PER_MINUTE = 30;
/** Beacons one address without an account may send a minute (IPv6 counted per /64). */
export const MAX_ANON_BEACONS_PER_MINUTE = 10;
/**
 * What one address without an account can add to one video within an hour, however many
 * reports it sends or forges at once: the bound staff read the anonymous counts against.
 */
export const ANON_VIDEO_BUDGET = { plays: 3, completions: 3, watchSeconds: 3600, windowSeconds: 3600 } as const;
/** Watched time one report may add: more than a beacon period, far less than a day. */
export const MAX_WATCHED_SECONDS = 600;
/** Longest period the statistics screen asks for. */
export const MAX_PERIOD_DAYS = 366;
const DEFAULT_PERIOD_DAYS = 30;
const TOP = 20;

const bad = (message: string) => new BadRequestException({ message });
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * Viewing and search statistics for staff (issue 15): the player's batched play reports, the
 * searches made, and their sums over a chosen period. Nothing says who: reports are added to
 * per-day counters, searches to per-day counts of their normalised text.
 */
@Injectable()
export class StatsService implements OnModuleDestroy {
  private readonly logger = new Logger('Stats');
  private readonly redis: Redis;
  private readonly beacons: RateLimiterRedis;
  private readonly anonBeacons: RateLimiterRedis;
  private readonly anonBudgets: Record<'plays' | 'completions' | 'watchSeconds', RateLimiterRedis>;
  /** Addresses are kept in Redis only as keyed hashes, for at most an hour. */
  private readonly addressHashKey: Buffer;

  constructor(
    config: AppConfig,
    private readonly repository: StatsRepository,
  ) {
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
    });
    this.redis.on('error', () => undefined);
    this.beacons = new RateLimiterRedis({
      storeClient: this.redis,
      rejectIfRedisNotReady: true,
      keyPrefix: `${config.REDIS_PREFIX}:ratelimit:stats:beacon`,
      points: MAX_BEACONS_PER_MINUTE,
      duration: 60,
    });
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        rejectIfRedisNotReady: true,
        keyPrefix: `${config.REDIS_PREFIX}:ratelimit:stats:anon:${name}`,
        points,
        duration,
      });
    this.anonBeacons = limiter('beacon', MAX_ANON_BEACONS_PER_MINUTE, 60);
    const { windowSeconds } = ANON_VIDEO_BUDGET;
    this.anonBudgets = {
      plays: limiter('plays', ANON_VIDEO_BUDGET.plays, windowSeconds),
      completions: limiter('completions', ANON_VIDEO_BUDGET.completions, windowSeconds),
      watchSeconds: limiter('seconds', ANON_VIDEO_BUDGET.watchSeconds, windowSeconds),
    };
    this.addressHashKey = createHmac('sha256', config.JWT_SECRET).update('cuview anonymous play reports').digest();
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  /**
   * A beacon of the player: checked whole (400 and nothing written), counted per account or,
   * without one, per address (then each video's plays, completions and seconds are held to
   * ANON_VIDEO_BUDGET per address, atomically in Redis), then added. Only staff count plays of
   * videos whose access is off (their previews); anyone else's are left out.
   */
  async recordPlays(
    viewer: { id: number; isStaff: boolean } | null,
    ip: string,
    body: unknown,
  ): Promise<{ recorded: number }> {
    let reports = parseReports(body);
    const address = viewer ? null : this.hashAddress(ip);
    await this.limit(() => (address ? this.anonBeacons.consume(address) : this.beacons.consume(String(viewer!.id))));
    if (address) reports = await this.withinAnonBudget(address, reports);
    if (reports.length === 0) return { recorded: 0 };
    return { recorded: await this.repository.addPlays(reports, { visibleOnly: !viewer?.isStaff }) };
  }

  private hashAddress(ip: string): string {
    return createHmac('sha256', this.addressHashKey).update(addressKey(ip)).digest('base64url').slice(0, 22);
  }

  /** 429 past a limit, 503 when Redis cannot say; both with Retry-After. */
  private async limit<T>(take: () => Promise<T>): Promise<T> {
    try {
      return await take();
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new RetryLaterException(
          { message: 'Too many play reports: please slow down' },
          HttpStatus.TOO_MANY_REQUESTS,
          error.msBeforeNext / 1000,
        );
      }
      throw reportsUnavailable();
    }
  }

  /**
   * The reports of one address cut to what its budget per video still allows. Each video's
   * request is taken from its counters in one atomic increment; whatever part fits is kept, so
   * parallel beacons cannot together pass the budget.
   */
  private async withinAnonBudget(address: string, reports: PlayReport[]): Promise<PlayReport[]> {
    const byVideo = new Map<number, PlayReport[]>();
    for (const report of reports) byVideo.set(report.videoId, [...(byVideo.get(report.videoId) ?? []), report]);
    const kept: PlayReport[] = [];
    for (const [videoId, items] of byVideo) {
      const key = `${address}:${videoId}`;
      let plays = await this.take(this.anonBudgets.plays, key, items.filter((r) => r.started).length);
      let completions = await this.take(this.anonBudgets.completions, key, items.filter((r) => r.completed).length);
      let seconds = await this.take(
        this.anonBudgets.watchSeconds,
        key,
        Math.ceil(items.reduce((sum, r) => sum + r.watchedSeconds, 0)),
      );
      for (const report of items) {
        const started = report.started && plays > 0;
        const completed = report.completed && completions > 0;
        const watchedSeconds = Math.min(report.watchedSeconds, seconds);
        plays -= started ? 1 : 0;
        completions -= completed ? 1 : 0;
        seconds -= watchedSeconds;
        if (started || completed || watchedSeconds > 0) kept.push({ ...report, started, completed, watchedSeconds });
      }
    }
    return kept;
  }

  /** Takes up to `points` from a budget; answers how many fitted (the counter's total says it exactly). */
  private async take(budget: RateLimiterRedis, key: string, points: number): Promise<number> {
    if (points === 0) return 0;
    try {
      await budget.consume(key, points);
      return points;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        throw reportsUnavailable();
      }
      const before = error.consumedPoints - points;
      return Math.max(0, Math.min(points, budget.points - before));
    }
  }

  /** One search (its normalised text); never fails the search it counts. */
  async recordSearch(normalised: string, total: number): Promise<void> {
    const query = normalised.trim().slice(0, 100);
    if (!query) return;
    await this.repository.addSearch(query, total > 0).catch((error: Error) => {
      this.logger.warn(`search not counted: ${error.message}`);
    });
  }

  async report(fromText: unknown, toText: unknown): Promise<StatsReportDto> {
    const { from, to } = parsePeriod(fromText, toText);
    const [totals, days, videos, playlists, topSearches, emptySearches] = await Promise.all([
      this.repository.totals(from, to),
      this.repository.days(from, to),
      this.repository.topVideos(from, to, TOP),
      this.repository.topPlaylists(from, to, TOP),
      this.repository.topSearches(from, to, TOP, false),
      this.repository.topSearches(from, to, TOP, true),
    ]);
    const withRate = (row: ItemRow) => ({ ...row, completion_rate: rate(row.completions, row.plays) });
    return {
      from,
      to,
      totals: { ...totals, completion_rate: rate(totals.completions, totals.plays) },
      days,
      videos: videos.map(withRate),
      playlists: playlists.map(withRate),
      top_searches: topSearches,
      empty_searches: emptySearches,
    };
  }
}

function rate(completions: number, plays: number): number {
  return plays > 0 ? Math.round((Math.min(completions, plays) / plays) * 1000) / 1000 : 0;
}

function parseReports(body: unknown): PlayReport[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw bad('Please, send the play reports as {"events": [...]}');
  if (events.length > MAX_REPORTS_PER_BEACON) throw bad(`At most ${MAX_REPORTS_PER_BEACON} play reports at once`);
  return events.map((event: unknown, index) => {
    const e = event as Record<string, unknown> | null;
    const n = index + 1;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) throw bad(`Report ${n} is not an object`);
    const unknown = Object.keys(e).filter(
      (key) => !['video_id', 'playlist_id', 'started', 'completed', 'watched_seconds'].includes(key),
    );
    if (unknown.length) throw bad(`Report ${n}: unknown field ${unknown[0]}`);
    if (!isId(e.video_id)) throw bad(`Report ${n}: video_id must be an id`);
    if (e.playlist_id !== undefined && e.playlist_id !== null && !isId(e.playlist_id)) {
      throw bad(`Report ${n}: playlist_id must be an id or null`);
    }
    for (const key of ['started', 'completed'] as const) {
      if (e[key] !== undefined && typeof e[key] !== 'boolean') throw bad(`Report ${n}: ${key} must be true or false`);
    }
    const watched = e.watched_seconds ?? 0;
    if (typeof watched !== 'number' || !Number.isFinite(watched) || watched < 0 || watched > MAX_WATCHED_SECONDS) {
      throw bad(`Report ${n}: watched_seconds must be a number from 0 to ${MAX_WATCHED_SECONDS}`);
    }
    return {
      videoId: e.video_id,
      playlistId: (e.playlist_id as number | null | undefined) ?? 0,
      started: e.started === true,
      completed: e.completed === true,
      watchedSeconds: watched,
    };
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included; the last 30 days by default. */
function parsePeriod(fromText: unknown, toText: unknown): { from: string; to: string } {
  const today = new Date();
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const read = (value: unknown, name: string, fallback: Date) => {
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      throw bad(`${name} must be a day as YYYY-MM-DD`);
    }
    const date = new Date(`${value}T00:00:00Z`);
    if (iso(date) !== value) throw bad(`${name} must be a day as YYYY-MM-DD`);
    return date;
  };
  const to = read(toText, 'to', today);
  const from = read(fromText, 'from', new Date(to.getTime() - (DEFAULT_PERIOD_DAYS - 1) * 86_400_000));
  if (from > to) throw bad('The period must start on or before its last day');
  if ((to.getTime() - from.getTime()) / 86_400_000 + 1 > MAX_PERIOD_DAYS) {
    throw bad(`The period may be at most ${MAX_PERIOD_DAYS} days`);
  }
  return { from: iso(from), to: iso(to) };
}

/** Redis, which holds the counters, is unreachable: the player tries again later. */
function reportsUnavailable(): RetryLaterException {
  return new RetryLaterException(
    { message: 'Play reports are unavailable for a moment' },
    HttpStatus.SERVICE_UNAVAILABLE,
    5,
  );
}
