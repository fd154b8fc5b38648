import { afterEach, describe, expect, it, vi } from 'vitest';
import { addPlayReport, flushPlayReports } from './play-reports';

describe('play reports', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('adds up what played per video and playlist and sends it as one small beacon with the account token', async () => {
    localStorage.setItem('access', 'token-1');
    const fetch = vi.fn(async () => new Response('{"recorded":2}'));
    vi.stubGlobal('fetch', fetch);
    addPlayReport(7, 3, { started: true });
    addPlayReport(7, 3, { watched_seconds: 1.25 });
    addPlayReport(7, 3, { watched_seconds: 0.75, completed: true });
    addPlayReport(8, null, { started: true, watched_seconds: 4 });
    flushPlayReports();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/cuviewTV/stats/plays/');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).authorization).toBe('JWT token-1');
    expect(JSON.parse(init.body as string)).toEqual({
      events: [
        { video_id: 7, playlist_id: 3, started: true, completed: true, watched_seconds: 2 },
        { video_id: 8, playlist_id: null, started: true, completed: false, watched_seconds: 4 },
      ],
    });
    // Sent once: nothing left for the next beacon.
    flushPlayReports();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('reports for a visitor without an account too, with no authorization header', () => {
    const fetch = vi.fn(async () => new Response('{"recorded":1}'));
    vi.stubGlobal('fetch', fetch);
    addPlayReport(9, null, { started: true });
    flushPlayReports();
    expect(fetch).toHaveBeenCalledOnce();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers as Record<string, string>).not.toHaveProperty('authorization');
    expect(JSON.parse(init.body as string).events).toEqual([
      { video_id: 9, playlist_id: null, started: true, completed: false, watched_seconds: 0 },
    ]);
  });
});
