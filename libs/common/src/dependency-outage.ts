/**
 * Whether an error means a dependency (Postgres, Redis, object storage, the tracker) could not
 * be reached or dropped the connection, as opposed to a bug or a bad request. DESIGN.md §2.3
 * and §7: such an error answers 503, never 500, and never 401 (a client that hears "token not
 * valid" drops its tokens and signs the person out).
 */

/** Socket-level failures (Node's net and undici codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Postgres SQLSTATEs of a server that is away, starting, stopping or full. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** The messages pg, pg-pool and ioredis give when their connection is gone (they carry no code). */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Connection is closed\.?$/,
  /^Command timed out/,
  /^Stream isn't writeable/,
  /Reached the max retries per request limit/,
];

const NAMES = new Set(['MaxRetriesPerRequestError', 'TimeoutError']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  driverError?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as ErrorLike;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_UNAVAILABLE.test(e.code))) return true;
  if (typeof e.name === 'string' && NAMES.has(e.name)) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(e.message as string))) {
    return true;
  }
  // An S3-compatible store that answers 5xx (the SDK has already retried it).
  const storeStatus = e.$metadata?.httpStatusCode;
  if (typeof storeStatus === 'number' && storeStatus >= 500) return true;
  // TypeORM's QueryFailedError wraps the driver's error; fetch and AggregateError nest theirs.
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((inner) => inner !== error && isDependencyOutage(inner, depth + 1));
}

/** What a person is told while a dependency is down; clients retry on it (it is a 503). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable, please try again in a moment';
