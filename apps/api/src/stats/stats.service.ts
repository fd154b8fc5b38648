import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  ServiceUnavailableException,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '@app/config';
import type { StatsReportDto } from './stats.dto.js';
import { StatsRepository, type ItemRow, type PlayReport } from './stats.repository.js';

/** Reports one beacon may carry (the player sends every 30 s and when the page goes away). */
export const MAX_REPORTS_PER_BEACON = 50;
/** Beacons one account may send a minute: several tabs, never a flood. */
export const MAX_BEACONS_PER_MINUTE = 30;
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
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  /** A beacon of the player: checked whole (400 and nothing written), counted per account, then added. */
  async recordPlays(userId: number, body: unknown): Promise<{ recorded: number }> {
    const reports = parseReports(body);
    try {
      await this.beacons.consume(String(userId));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new HttpException({ message: 'Too many play reports: please slow down' }, HttpStatus.TOO_MANY_REQUESTS);
      }
      throw new ServiceUnavailableException({ message: 'Play reports are unavailable for a moment' });
    }
    return { recorded: reports.length === 0 ? 0 : (await this.repository.addPlays(reports), reports.length) };
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
