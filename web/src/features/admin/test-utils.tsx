/**
 * Helpers for the admin component tests only (never imported by the app): a signed-in staff
 * session, screens rendered inside the guarded admin layout, and a scripted XMLHttpRequest for
 * the upload call (fetch cannot report upload progress, so that one call is not fetch).
 */
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { fakeJwt, mockFetch, type Answer, type Handler } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';
import { testQueryClient } from '@/testing/render';
import { AdminLayout } from './components/AdminLayout';

export const STAFF = { id: 1, first_name: 'Ann', last_name: 'Admin', email: 'ann@example.com', is_staff: true };

export type ApiCall = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, when the body was JSON. */
  body: unknown;
  /** The multipart body, when the body was FormData. */
  form: FormData | null;
  headers: Record<string, string>;
};
export type Route = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/**
 * fetch stub for the admin screens: routes are "METHOD /path/:param/" patterns; every request
 * is recorded with its JSON or multipart body. A signed-in staff member is answered for unless
 * `user` says otherwise; an unknown call answers 404 so a test notices it.
 */
export function apiMock(routes: Record<string, Route>, user: object | null = STAFF) {
  if (user) localStorage.setItem('access', fakeJwt());
  const all: Record<string, Route> = user
    ? { 'POST /cuviewTV/auth/jwt/verify/': { json: {} }, 'GET /cuviewTV/auth/users/me/': { json: user }, ...routes }
    : routes;
  const calls: ApiCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...((init.headers as Record<string, string>) ?? {}) };
    const form = init.body instanceof FormData ? init.body : null;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    let params: Record<string, string> | null = null;
    let route: Route | undefined;
    for (const [key, r] of Object.entries(all)) {
      const [m, pattern] = key.split(' ');
      if (m !== method) continue;
      params = match(pattern!, url.pathname);
      if (params) {
        route = r;
        break;
      }
    }
    const call: ApiCall = {
      method,
      path: url.pathname,
      params: params ?? {},
      query: url.searchParams,
      body,
      form,
      headers,
    };
    calls.push(call);
    const answer: Answer =
      typeof route === 'function'
        ? await route(call)
        : (route ?? { status: 404, json: { message: `no mock for ${method} ${url.pathname}` } });
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.json ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  const named = (method: string, pattern: string) => calls.filter((c) => c.method === method && match(pattern, c.path));
  return { fn, calls, named };
}

/** fetch answers for a signed-in staff member plus the given handlers. */
export function staffFetch(handlers: Record<string, Handler | Answer> = {}, user: object = STAFF) {
  localStorage.setItem('access', fakeJwt());
  return mockFetch({
    'POST /cuviewTV/auth/jwt/verify/': { json: {} },
    'GET /cuviewTV/auth/users/me/': { json: user },
    ...handlers,
  });
}

/** A screen on its own, with the app's providers (the unsaved-changes flag is then a no-op). */
export function renderScreen(ui: ReactElement, route: string, path: string, extra: RouteObject[] = []) {
  return renderRoute(ui, { route, path, extra });
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Screens inside the guarded admin layout, as the router mounts them: the guard, the side menu
 * and the unsaved-changes flag are the real ones.
 */
export function renderInAdmin(route: string, screens: Array<{ path: string; element: ReactElement }>) {
  const queryClient = testQueryClient();
  const routes: RouteObject[] = [
    { element: <AdminLayout />, children: screens.map((s) => ({ path: s.path, element: s.element })) },
    { path: '*', element: <Where /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** A scripted XMLHttpRequest: the test decides when bytes go out and what the server answers. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | Blob | null = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData | Blob | null) {
    this.body = body;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, json: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = json === undefined ? '' : JSON.stringify(json);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    // A tus PATCH answered 2xx stored its whole body.
    if (this.method === 'PATCH' && this.body instanceof Blob && !('upload-offset' in this.responseHeaders)) {
      this.responseHeaders['upload-offset'] = String(Number(this.headers['Upload-Offset'] ?? 0) + this.body.size);
    }
    this.onload?.();
  }
}

/** The next request the code under test sends (tus sends one after another). */
export async function nextXhr(after: number): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (FakeXhr.all.length <= after || !FakeXhr.all[after]!.method) throw new Error('no request yet');
  });
  return FakeXhr.all[after]!;
}

/**
 * Answers the tus creation request (POST upload_video_resumable/, request number `index`) and
 * answers the PATCH that follows: the request that carries the file.
 */
export async function acceptTusUpload(index: number): Promise<FakeXhr> {
  const create = await nextXhr(index);
  create.respond(201, undefined, { Location: '/cuviewTV/upload_video_resumable/0123456789abcdef0123456789abcdef' });
  return nextXhr(index + 1);
}

export function installFakeXhr() {
  FakeXhr.last = null;
  FakeXhr.all = [];
  localStorage.clear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** A File of the given name and type (content is irrelevant to the screens). */
export function fakeFile(name: string, type: string, bytes = 16): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
