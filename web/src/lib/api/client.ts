import type { paths } from './schema.gen';
import { isUnavailableStatus, reportReachable, reportUnavailable } from './service-status';
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

/**
 * What an error answer says: its `message` or `detail`, else the first of djoser's field
 * errors (`{"uid": ["Invalid user id or user doesn't exist."]}`), else `fallback`.
 */
export function errorMessage(body: unknown, fallback: string): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.detail === 'string' && body.detail) return body.detail;
    for (const value of Object.values(body)) {
      if (Array.isArray(value) && typeof value[0] === 'string' && value[0]) return value[0];
    }
  }
  return fallback;
}

/**
 * True when a call failed because the service could not answer (5xx, or no answer at all):
 * worth retrying, and never a reason to sign the person out.
 */
export function isOutage(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  // fetch rejects with a TypeError when the network or the server is away; an abort is the caller's.
  return error instanceof TypeError;
}

/** True when the service answered that the thing asked for does not exist (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  auth?: AuthMode;
  signal?: AbortSignal;
  /** The request outlives the page (sent as it is left: fetch's keepalive). */
  keepalive?: boolean;
  /** Base path; API_BASE unless talking to the tracker. */
  base?: string;
  responseType?: 'json' | 'blob';
};

// ---- types of the generated OpenAPI paths (schema.gen.ts, DESIGN §2.15) ----

/** A path of the OpenAPI document, as written there: '/cuviewTV/get_video/{videoId}'. */
export type ApiPath = keyof paths;
/** The methods a path answers (the generator writes the others as `?: never`). */
export type MethodOf<P extends ApiPath> = {
  [M in HttpMethod]: paths[P] extends Record<Lowercase<M>, object> ? M : never;
}[HttpMethod];
type Operation<P extends ApiPath, M extends HttpMethod> = paths[P][Lowercase<M> & keyof paths[P]];

type SuccessStatus = 200 | 201 | 202 | 204;
type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : unknown;
/** The JSON answer of an operation's success responses (unknown where none is documented). */
export type ApiResponse<P extends ApiPath, M extends HttpMethod = 'GET'> =
  Operation<P, M> extends { responses: infer R }
    ? { [S in keyof R]: S extends SuccessStatus ? JsonContent<R[S]> : never }[keyof R]
    : never;

type Parameters_<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends { parameters: infer X } ? X : never;
type PathParams<P extends ApiPath, M extends HttpMethod> =
  Parameters_<P, M> extends { path: infer X } ? { path: X } : { path?: never };
type QueryParams<P extends ApiPath, M extends HttpMethod> =
  Parameters_<P, M> extends { query?: infer X }
    ? [X] extends [undefined]
      ? { query?: never }
      : { query?: X }
    : object;
/** A JSON body as the document describes it; multipart bodies go as FormData. */
type BodyOf<C> = C extends { 'application/json': infer T } ? T : FormData;
type RequestBody<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { requestBody: { content: infer C } }
    ? { body: BodyOf<C> }
    : Operation<P, M> extends { requestBody?: { content: infer C } }
      ? { body?: BodyOf<C> }
      : { body?: never };

/** Options of a typed call: the method, the path parameters, the query and the body of that operation. */
export type ApiOptions<P extends ApiPath, M extends MethodOf<P>> = {
  method?: M;
  auth?: AuthMode;
  signal?: AbortSignal;
  keepalive?: boolean;
} & PathParams<P, M> &
  QueryParams<P, M> &
  RequestBody<P, M>;

let refreshing: Promise<string | null> | null = null;

/**
 * Exchanges the refresh token for a new pair (POST auth/jwt/refresh/). Concurrent callers
 * share one request. Only the server saying the refresh token is not valid (401
 * token_not_valid) drops the pair and answers null (signed out); an outage (5xx, network)
 * keeps the tokens and throws, so the caller retries later (DESIGN.md §7).
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
  const res = await send(`${API_BASE}auth/jwt/refresh/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refresh }),
  });
  if (!res.ok) {
    const body = await readBody(res);
    if (res.status === 401 && isRecord(body) && body.code === 'token_not_valid') {
      // Another tab renewed or signed in meanwhile: its pair is the one to use, not to drop.
      if (getRefreshToken() !== refresh) return getAccessToken();
      clearTokens();
      return null;
    }
    throw new ApiError(errorMessage(body, `Request failed with status code ${res.status}`), res.status, body);
  }
  const pair = (await res.json()) as { access: string; refresh?: string };
  setTokens(pair);
  return pair.access;
}

/** fetch, noting whether the service answered (for the "unavailable, retrying" notice). */
async function send(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    if (error instanceof TypeError) reportUnavailable();
    throw error;
  }
  if (isUnavailableStatus(res.status)) reportUnavailable();
  else reportReachable();
  return res;
}

async function currentAccessToken(): Promise<string | null> {
  const access = getAccessToken();
  if (access && isExpiring(access) && getRefreshToken()) {
    try {
      return (await refreshAccessToken()) ?? access;
    } catch (error) {
      // The refresh could not be made now; the access token may still have seconds to live.
      if (isOutage(error)) return access;
      throw error;
    }
  }
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
 * fetch wrapper: base path, JSON, JWT header, refresh before expiry and once on a 401, and
 * error normalisation. Answers the parsed JSON (or a Blob with responseType blob). Untyped:
 * the API's calls go through `api`, which types them by the OpenAPI document; this is for
 * the tracker, which is not part of it.
 */
/** A signed-in call made without a session: the server's own words for it. */
export const SIGNED_OUT_MESSAGE = 'Authentication credentials were not provided.';

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = 'none', signal, keepalive, base = API_BASE, responseType = 'json' } = options;
  const url = base + path.replace(/^\//, '');

  const sendWith = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (token) headers.Authorization = `JWT ${token}`;
    return send(url, { method, headers, body: payload, signal, keepalive });
  };

  const token = auth === 'none' ? null : await currentAccessToken();
  if (auth === 'required' && !token) {
    // Signed out, here or in another tab (a page saving its last state as it goes): the server
    // would only answer 401, as a failed request in the console.
    throw new ApiError(SIGNED_OUT_MESSAGE, 401, { detail: SIGNED_OUT_MESSAGE });
  }
  let res = await sendWith(token);
  if (res.status === 401 && token && getRefreshToken()) {
    // A refresh that meets an outage throws it: the call is retried later, the person stays signed in.
    const fresh = await refreshAccessToken();
    if (fresh) res = await sendWith(fresh);
  }

  if (!res.ok) {
    const errBody = await readBody(res);
    throw new ApiError(errorMessage(errBody, `Request failed with status code ${res.status}`), res.status, errBody);
  }
  if (responseType === 'blob') return (await res.blob()) as T;
  return (await readBody(res)) as T;
}

type ApiArgs<P extends ApiPath, M extends MethodOf<P>> =
  object extends ApiOptions<P, M> ? [options?: ApiOptions<P, M>] : [options: ApiOptions<P, M>];

type CallOptions = {
  method?: HttpMethod;
  auth?: AuthMode;
  signal?: AbortSignal;
  keepalive?: boolean;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
};

/**
 * The address of a call: the document's path with its `{name}` parameters filled in and
 * encoded, the trailing slash of the spec's paths (DESIGN §2.1), then the query.
 */
export function apiUrl(path: string, params: CallOptions['path'] = {}, query: CallOptions['query'] = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`api: no value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const qs = search.toString();
  return `${filled}/${qs ? `?${qs}` : ''}`;
}

function call<T>(path: string, options: CallOptions, responseType: 'json' | 'blob'): Promise<T> {
  const { method, auth, signal, keepalive, body } = options;
  return request<T>(apiUrl(path, options.path, options.query), {
    method,
    auth,
    signal,
    keepalive,
    body,
    base: '/',
    responseType,
  });
}

/**
 * A call of the API, typed by the OpenAPI document (schema.gen.ts): `path` is one of its
 * paths, as written there, with the `{name}` parameters in `options.path`; `method`, `query`
 * and `body` are checked against that operation, and the answer is its success response.
 *
 *   api('/cuviewTV/get_video/{videoId}', { path: { videoId: 403 } })  // Promise<VideoDto>
 */
export function api<P extends ApiPath, M extends MethodOf<P> = Extract<MethodOf<P>, 'GET'>>(
  path: P,
  ...[options]: ApiArgs<P, M>
): Promise<ApiResponse<P, M>> {
  return call(path, (options ?? {}) as CallOptions, 'json');
}

/** Same as `api` for an answer read as a file (the playlist spreadsheet). */
export function apiBlob<P extends ApiPath, M extends MethodOf<P> = Extract<MethodOf<P>, 'GET'>>(
  path: P,
  ...[options]: ApiArgs<P, M>
): Promise<Blob> {
  return call(path, (options ?? {}) as CallOptions, 'blob');
}
