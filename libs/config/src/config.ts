import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
/** An integer setting from `min` (to `max`): the environment's text read as a number first. */
export function IntSetting(min: number, max?: number): PropertyDecorator {
  const rules = [Transform(toInt), IsInt(), Min(min), ...(max === undefined ? [] : [Max(max)])];
  return (target, key) => rules.forEach((rule) => rule(target, key));
}

const toBool = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
const urlOpts = { require_tld: false, require_protocol: true };

/**
 * Every setting of every process, read from the environment once at start-up. A wrong or
 * missing value stops the process with a message that names the variable (see loadConfig).
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IntSetting(0, 65535)
  PORT = 3000;

  @IntSetting(0, 65535)
  TRACKER_PORT = 3100;

  @IntSetting(0, 65535)
  WORKER_PORT = 3200;

  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
  DATABASE_URL: string;

  @Matches(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
  REDIS_URL: string;

  /**
   * Prefix of every Redis key this deployment writes (BullMQ queues, rate-limit counters): the
   * api and the worker must agree on it, and tests use their own so they never collide.
   */
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be 1-64 letters, digits, _ or -' })
  REDIS_PREFIX = 'cuview';

  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  JWT_SECRET: string;

  @IntSetting(30)
  JWT_ACCESS_TTL_SECONDS = 300;

  @IntSetting(60)
  JWT_REFRESH_TTL_SECONDS = 86400;

  /**
   * A refresh token spent this many seconds ago or less is renewed again instead of read as a
   * replay: the tabs of one browser share one token and may renew it in the same moment.
   */
  @IntSetting(0, 300)
  JWT_REFRESH_REUSE_SECONDS = 30;

  /** Where people reach the product: links in e-mails and the share page use it. */
  @IsUrl(urlOpts)
  PUBLIC_URL = 'http://localhost:3000';

  /** Where the api reaches the tracking service (it proxies /tracker/ there). */
  @IsUrl(urlOpts)
  TRACKER_URL = 'http://127.0.0.1:3100';

  @IsIn(['local', 's3'])
  STORAGE_DRIVER: 'local' | 's3' = 'local';

  @IsString()
  STORAGE_DIR = '.data/storage';

  @IsOptional()
  @IsUrl(urlOpts)
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  @Transform(toBool)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = true;

  /** When S3 or a CDN serves media, its base URL; otherwise the api serves it. */
  @IsOptional()
  @IsUrl(urlOpts)
  MEDIA_PUBLIC_URL?: string;

  /**
   * Key of the signed addresses that let staff fetch the streams and images of items whose
   * access is off (a CDN or nginx in front checks them with the same key). Unset: derived from
   * JWT_SECRET, so one secret suffices; set it to give the CDN a key that cannot sign tokens.
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  MEDIA_SIGNING_SECRET?: string;

  /** How long a signed media address works: long enough to preview a concert to its end. */
  @IntSetting(60, 86400)
  MEDIA_SIGNED_TTL_SECONDS = 4 * 3600;

  /** smtp://user:pass@host:port; empty means write each message to MAIL_OUTBOX_DIR. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_OUTBOX_DIR = '.data/outbox';

  @IsString()
  MAIL_FROM = 'CUVIEW TV <no-reply@cuview.local>';

  @Transform(toBool)
  @IsBoolean()
  GUEST_ENABLED = true;

  /**
   * Staff must turn on two-factor sign-in (TOTP) before the admin API answers them; a staff
   * account without it is sent to set it up. Anyone may turn it on either way.
   */
  @Transform(toBool)
  @IsBoolean()
  STAFF_TOTP_REQUIRED = false;

  @IntSetting(1)
  UPLOAD_MAX_BYTES = 4 * 1024 ** 3;

  /** Where uploads are spooled while they are checked, before storage (default: the OS temp folder). */
  @IsOptional()
  @IsString()
  UPLOAD_TMP_DIR?: string;

  /**
   * A spooled upload untouched this long (no byte written) and not in use by this process is
   * a leftover of a killed api and is removed (at start and on a timer). A live upload writes
   * its file all the time; one of this process is never removed, however slow.
   */
  @IntSetting(60_000)
  UPLOAD_STALE_AFTER_MS = 3_600_000;

  @IsOptional()
  @IsString()
  WEB_DIST_DIR?: string;

  /**
   * Trust X-Forwarded-For from a reverse proxy in front of the api (compose: nginx). Off by
   * default, so a client cannot forge its address to dodge per-address rate limits.
   */
  @Transform(toBool)
  @IsBoolean()
  TRUST_PROXY = false;

  /**
   * Memory of each api process's cache of public catalogue answers, in MB of JSON (about 1.6
   * times that on the heap); 0 turns the cache off (bench/api measures both).
   */
  @IntSetting(0, 4096)
  CATALOGUE_CACHE_MB = 32;

  /**
   * What answers text search and suggestions: `postgres` (its indexes, the default: nothing
   * more to run) or `memory`, an index of the visible videos in each api process, loaded from
   * Postgres at start and kept current by its change notifications (README, "Scale").
   */
  @IsIn(['postgres', 'memory'])
  SEARCH_ENGINE: 'postgres' | 'memory' = 'postgres';

  /** Comma-separated origins allowed by CORS; the web app on PUBLIC_URL is always allowed. */
  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Failed logins for one account from one client address in LOGIN_WINDOW_SECONDS before that
   * address gets 429 for that account (README, "Sign-in limits"). Also the budget of reset and
   * activation e-mails per e-mail and per address, and of registrations per address.
   */
  @IntSetting(1)
  LOGIN_MAX_ATTEMPTS = 5;

  /** Failed logins from one client address, whatever the accounts, before 429 (a NAT holds many people). */
  @IntSetting(1)
  LOGIN_ADDRESS_MAX_ATTEMPTS = 100;

  /**
   * Failed logins for one account, from addresses it has not signed in from, before further
   * checks are spaced by a growing delay (1 s, 2 s, 4 s, ... up to LOGIN_WINDOW_SECONDS).
   */
  @IntSetting(1)
  LOGIN_ACCOUNT_FREE_ATTEMPTS = 10;

  /**
   * Guest sign-ins (POST auth/jwt/guest/, each a new refresh-token row) from one client address
   * per LOGIN_WINDOW_SECONDS before 429: ten devices of a household opening the link three times
   * each pass; a script filling the refresh_tokens table does not.
   */
  @IntSetting(1)
  GUEST_ADDRESS_MAX_LOGINS = 30;

  /** The window of every sign-in counter, and the longest delay. */
  @IntSetting(1)
  LOGIN_WINDOW_SECONDS = 900;

  @IntSetting(1, 16)
  WORKER_CONCURRENCY = 1;
}

export class ConfigError extends Error {}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return readSettings(AppConfig, env, (config) =>
    config.STORAGE_DRIVER === 's3' && (!config.S3_BUCKET || !config.S3_ENDPOINT)
      ? ['  S3_BUCKET, S3_ENDPOINT: required when STORAGE_DRIVER=s3']
      : [],
  );
}

/**
 * Reads a settings class (AppConfig, or one process's own, such as the worker's) from the
 * environment: variables the class does not declare are ignored, and every problem names the
 * variable to fix. `check` adds rules that span several variables.
 */
export function readSettings<T extends object>(
  Settings: new () => T,
  env: NodeJS.ProcessEnv,
  check: (settings: T) => string[] = () => [],
): T {
  // Empty values count as unset so that `X= npm start` falls back to the default.
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const settings = plainToInstance(Settings, raw);
  const errors = validateSync(settings, { whitelist: true });
  const problems = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
  problems.push(...check(settings));
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration (fix these environment variables):\n${problems.join('\n')}`);
  }
  return settings;
}

/** For a process's main(): print the problem and exit, never a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
