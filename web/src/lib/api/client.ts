import { clearTokens, getAccessToken, getRefreshToken, isExpiring, setTokens } from './tokens';

/** Every API path lives under this prefix (DESIGN §2.1). */
export const API_BASE = '/cuviewTV/';
/** The tracking service is a separate host; the dev server and the reverse proxy map it here. */
export const TRACKER_BASE: string = import.meta.env.VITE_TRACKER_BASE ?? '/tracker/';

/**
 * A failed call, normalised: `message` is the server's `message` field, else its `detail`,
 * else the transport's message (spec viewer §8 / admin §8). `body` keeps the raw answer for
 * screens that read field errors (registration).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly code: string | undefined;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const code = isRecord(body) ? body.code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function errorMessage(body: unknown, fallback: string): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.detail === 'string' && body.detail) return body.detail;
  }
  return fallback;
}

/** Message to show for any thrown value (ApiError, AbortError, TypeError from fetch...). */
export function toMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong';
}

export type AuthMode =
  /** Public call: no Authorization header (spec viewer §6 lists them). */
  | 'none'
  /** Send the token when one is stored (for example videoLength counts "with auth"). */
  | 'optional'
  /** Signed-in call. */
  | 'required';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  auth?: AuthMode;
  signal?: AbortSignal;
  /** Base path; API_BASE unless talking to the tracker. */
  base?: string;
  responseType?: 'json' | 'blob';
};

let refreshing: Promise<string | null> | null = null;

/**
 * Exchanges the refresh token for a new pair (POST auth/jwt/refresh/). Concurrent callers
 * share one request; a failure clears the pair so the app treats the person as signed out.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (!refreshing) {
    refreshing = exchangeRefreshToken().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function exchangeRefreshToken(): Promise<string | null> {
  const refresh = getRefreshToken();
  if (!refresh) return null;
  try {
    const res = await fetch(`${API_BASE}auth/jwt/refresh/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) {
      clearTokens();
      return null;
    }
    const pair = (await res.json()) as { access: string; refresh?: string };
    setTokens(pair);
    return pair.access;
  } catch {
    // Network failure: keep the tokens, the next call may succeed.
    return null;
  }
}

async function currentAccessToken(): Promise<string | null> {
  const access = getAccessToken();
  if (access && isExpiring(access) && getRefreshToken()) return (await refreshAccessToken()) ?? access;
  return access;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204) return null;
  if (type.includes('json')) {
    try {
      return await res.json();
    } catch {
      return null;
    }
  }
  const text = await res.text();
  return text || null;
}

/**
 * fetch wrapper for the API: base path, JSON, JWT header, refresh before expiry and once on
 * a 401, and error normalisation. Answers the parsed JSON (or a Blob with responseType blob).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'none', signal, base = API_BASE, responseType = 'json' } = options;
  const url = base + path.replace(/^\//, '');

  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (token) headers.Authorization = `JWT ${token}`;
    return fetch(url, { method, headers, body: payload, signal });
  };

  const token = auth === 'none' ? null : await currentAccessToken();
  let res = await send(token);
  if (res.status === 401 && token && getRefreshToken()) {
    const fresh = await refreshAccessToken();
    if (fresh) res = await send(fresh);
  }

  if (!res.ok) {
    const errBody = await readBody(res);
    throw new ApiError(errorMessage(errBody, `Request failed with status code ${res.status}`), res.status, errBody);
  }
  if (responseType === 'blob') return (await res.blob()) as T;
  return (await readBody(res)) as T;
}

/** Path segment encoding for user text (search terms, titles). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
