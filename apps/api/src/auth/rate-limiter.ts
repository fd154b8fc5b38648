import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { isIPv6 } from 'node:net';
import { HttpException, HttpStatus, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterException } from '@app/common';
import { AppConfig } from '@app/config';
import { AUTH_MESSAGES } from '@app/contracts';

export class TooManyAttemptsException extends RetryLaterException {
  constructor(retryAfterSeconds: number) {
    // `detail` as djoser/DRF clients read it; `message` says how long to wait (DESIGN.md §2.3).
    const message = `Too many attempts, try again in ${humanWait(retryAfterSeconds)}.`;
    super({ detail: AUTH_MESSAGES.tooManyAttempts, message }, HttpStatus.TOO_MANY_REQUESTS, retryAfterSeconds);
  }
}

/** Redis, which holds the counters, is unreachable: sign-in waits rather than going unlimited. */
export class LimiterUnavailableException extends RetryLaterException {
  constructor() {
    super(
      { message: 'Signing in is unavailable for a moment (a service it needs is down). Please try again shortly.' },
      HttpStatus.SERVICE_UNAVAILABLE,
      5,
    );
  }
}

function humanWait(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Who is counted: the account named in the request and the client address it came from. */
export interface Attempt {
  email: string;
  ip: string;
}

/** What a login reserved before its password check; handed back to `loginSucceeded`. */
export interface LoginReservation {
  account: string;
  address: string;
  pair: string;
  /** The attempt used one of the account's free checks (refunded on success). */
  accountPoint: boolean;
}

/**
 * The brute-force limits of DESIGN.md §7, on rate-limiter-flexible's atomic Redis counters
 * (shared by every api replica). A login *reserves* its place in every counter before the
 * password is hashed (one atomic INCR per counter), so however many requests arrive at once, no
 * more than the limits are ever checked; a correct password gives its place back.
 *
 * - per (account, address): LOGIN_MAX_ATTEMPTS failures per window, then 429 for that pair only:
 *   someone guessing from one place never locks the owner out elsewhere;
 * - per address: LOGIN_ADDRESS_MAX_ATTEMPTS failures per window, whatever the accounts (a NAT
 *   or proxy with one failing user still lets the others in);
 * - per account, from addresses it has not signed in from: LOGIN_ACCOUNT_FREE_ATTEMPTS failures
 *   per window, then one check at a time with a growing delay (1 s, 2 s, 4 s, ... up to the
 *   window) instead of a wall. An address the account signed in from in the last 30 days skips
 *   this delay, so its owner signs in while others guess from elsewhere.
 *
 * Counted for any e-mail, registered or not, so a 429 reveals nothing about which accounts exist.
 * Redis being down answers 503: the limits are never skipped.
 */
@Injectable()
export class RateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimiter');
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly pairs: RateLimiterRedis;
  private readonly addresses: RateLimiterRedis;
  private readonly accounts: RateLimiterRedis;
  /** One key per account: held for the current delay by the one check it lets through. */
  private readonly accountGate: RateLimiterRedis;
  /** Checks let through the gate this window: the next delay is 2^count seconds. */
  private readonly accountDelays: RateLimiterRedis;
  /** Reset and activation e-mails per e-mail and per address; registrations per address. */
  private readonly requests: RateLimiterRedis;
  /** Two-factor codes checked per account (sign-in, enrolment, turning it off). */
  private readonly codes: RateLimiterRedis;
  /** Guest sign-ins per address: each one writes a refresh-token row. */
  private readonly guests: RateLimiterRedis;
  private lastErrorLog = 0;

  constructor(private readonly config: AppConfig) {
    this.prefix = `${config.REDIS_PREFIX}:ratelimit`;
    // No offline queue: while Redis is away a command fails at once (503) instead of waiting.
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
    });
    this.redis.on('error', (error: Error) => this.logThrottled(`Redis: ${error.message}`));
    const window = config.LOGIN_WINDOW_SECONDS;
    const limiter = (name: string, points: number, duration = window) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        rejectIfRedisNotReady: true,
        keyPrefix: `${this.prefix}:${name}`,
        points,
        duration,
      });
    this.pairs = limiter('login:pair', config.LOGIN_MAX_ATTEMPTS);
    this.addresses = limiter('login:address', config.LOGIN_ADDRESS_MAX_ATTEMPTS);
    this.accounts = limiter('login:account', config.LOGIN_ACCOUNT_FREE_ATTEMPTS);
    this.accountGate = limiter('login:gate', 1, 1);
    this.accountDelays = limiter('login:delays', Number.MAX_SAFE_INTEGER);
    this.requests = limiter('requests', config.LOGIN_MAX_ATTEMPTS);
    this.codes = limiter('totp:account', config.LOGIN_MAX_ATTEMPTS);
    this.guests = limiter('guest:address', config.GUEST_ADDRESS_MAX_LOGINS);
  }

  /** Gives the connection a moment at start-up, so the first login does not meet a 503. */
  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await Promise.race([once(this.redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }

  /**
   * Takes this login's place in every counter, atomically, before the password is checked.
   * Throws 429 (with how long to wait) when any limit is reached, 503 when Redis is down.
   */
  async reserveLogin(attempt: Attempt): Promise<LoginReservation> {
    const account = accountKey(attempt.email);
    const address = addressKey(attempt.ip);
    const reservation: LoginReservation = { account, address, pair: `${account}:${address}`, accountPoint: false };
    await this.guarded(async () => {
      await this.take(this.pairs, reservation.pair);
      try {
        await this.take(this.addresses, address);
      } catch (error) {
        await this.pairs.reward(reservation.pair);
        throw error;
      }
      try {
        if (!(await this.isKnownAddress(account, address))) {
          reservation.accountPoint = await this.takeAccountTurn(account);
        }
      } catch (error) {
        // Not checked, so not a failure: the pair and the address get their places back.
        await Promise.all([this.pairs.reward(reservation.pair), this.addresses.reward(address)]);
        throw error;
      }
    });
    return reservation;
  }

  /**
   * The password was right: this address's failures for the account are forgiven, its places
   * are given back, and the address is remembered as the account's own.
   */
  async loginSucceeded(reservation: LoginReservation): Promise<void> {
    try {
      await Promise.all([
        this.pairs.delete(reservation.pair),
        this.addresses.reward(reservation.address),
        reservation.accountPoint ? this.accounts.reward(reservation.account) : undefined,
        this.redis.set(this.knownKey(reservation.account, reservation.address), '1', 'EX', KNOWN_ADDRESS_SECONDS),
      ]);
    } catch (error) {
      // The limits were applied and the password is right: the person signs in; the places
      // not given back only expire with the window.
      this.logThrottled(`rate limiter could not record a sign-in: ${(error as Error).message}`);
    }
  }

  /**
   * Takes one of the account's two-factor code checks before the code is compared, the way a
   * login reserves its place: however many guesses arrive at once, at most LOGIN_MAX_ATTEMPTS
   * a window are checked (the password is already known to whoever guesses, so it is counted
   * per account). 429 when they are spent, 503 when Redis is down.
   */
  async reserveCodeCheck(userId: number): Promise<void> {
    await this.guarded(() => this.take(this.codes, String(userId)));
  }

  /** A right code: the account's failed guesses are forgiven. */
  async codeAccepted(userId: number): Promise<void> {
    try {
      await this.codes.delete(String(userId));
    } catch (error) {
      this.logThrottled(`rate limiter could not forgive code guesses: ${(error as Error).message}`);
    }
  }

  /** Counts one reset or activation e-mail request, per e-mail and per address. */
  async countEmailRequest(attempt: Attempt): Promise<void> {
    await this.guarded(async () => {
      await this.take(this.requests, `email:${accountKey(attempt.email)}`);
      await this.take(this.requests, `address:${addressKey(attempt.ip)}`);
    });
  }

  /** Counts one registration per address: "already exists" answers must not be an unlimited oracle. */
  async countRegistration(ip: string): Promise<void> {
    await this.guarded(() => this.take(this.requests, `register:${addressKey(ip)}`));
  }

  /** Counts one guest sign-in per address: each one writes a refresh-token row. */
  async countGuestLogin(ip: string): Promise<void> {
    await this.guarded(() => this.take(this.guests, addressKey(ip)));
  }

  /**
   * The account's free failures, then the growing delay: when they are spent, one check at a
   * time passes the gate, and holds it shut for 2^n seconds (n = checks let through so far).
   * Answers whether a free point was taken.
   */
  private async takeAccountTurn(account: string): Promise<boolean> {
    try {
      await this.accounts.consume(account);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
    const through = (await this.accountDelays.get(account))?.consumedPoints ?? 0;
    const delay = Math.min(2 ** through, this.config.LOGIN_WINDOW_SECONDS);
    // penalty() is the same atomic INCR as consume(); only its first caller sees 1.
    const gate = await this.accountGate.penalty(account, 1, { customDuration: delay });
    if (gate.consumedPoints !== 1) throw new TooManyAttemptsException(seconds(gate.msBeforeNext));
    await this.accountDelays.penalty(account);
    return false;
  }

  /** consume() whose refusal is a 429 carrying the counter's own wait. */
  private async take(limiter: RateLimiterRedis, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new TooManyAttemptsException(seconds(error.msBeforeNext));
      throw error;
    }
  }

  private async isKnownAddress(account: string, address: string): Promise<boolean> {
    return (await this.redis.exists(this.knownKey(account, address))) === 1;
  }

  private knownKey(account: string, address: string): string {
    return `${this.prefix}:login:known:${account}:${address}`;
  }

  /** A Redis failure is a 503 for the caller and a warning in the log, never a skipped limit. */
  private async guarded<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logThrottled(`rate limiter store unavailable: ${(error as Error).message}`);
      throw new LimiterUnavailableException();
    }
  }

  private logThrottled(message: string): void {
    if (Date.now() - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = Date.now();
    this.logger.warn(message);
  }
}

/** How long a successful sign-in makes an address the account's own. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Hashed so that Redis never holds e-mail addresses. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * An IPv6 client is counted by its /64, the block one subscriber gets: otherwise each of the
 * 2^64 addresses it holds would have a budget of its own.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
