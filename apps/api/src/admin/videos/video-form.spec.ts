import { describe, expect, it } from '@jest/globals';
import { orderTracks, parseNewVideo, parseVideoFields, VIDEO_MESSAGES, type TrackInput } from './video-form.js';

const message = (action: () => unknown): string => {
  try {
    action();
  } catch (error) {
    return (error as { getResponse: () => { message: string } }).getResponse().message;
  }
  return 'no error';
};

const complete = {
  title: 'Nocturne',
  genres: [1],
  moods: [2],
  videoGenres: [3],
  tags: [4],
  tracks: [{ track_id: 5, album_id: 6, position: 1, start_time: 0, end_time: 10 }],
  file_original_path_linux: 'originals/2026/11/0b8c9f3e-1111-4222-8333-444455556666.mp4',
};

describe('fill_video_info validation', () => {
  it('checks in the order of the spec', () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, VIDEO_MESSAGES.title],
      [{ title: '  ' }, VIDEO_MESSAGES.title],
      [{ title: 'x' }, VIDEO_MESSAGES.genres],
      [{ title: 'x', genres: [] }, VIDEO_MESSAGES.genres],
      [{ title: 'x', genres: [1] }, VIDEO_MESSAGES.moods],
      [{ title: 'x', genres: [1], moods: [1] }, VIDEO_MESSAGES.videoGenres],
      [{ title: 'x', genres: [1], moods: [1], videoGenres: [1] }, VIDEO_MESSAGES.tags],
      [{ title: 'x', genres: [1], moods: [1], videoGenres: [1], tags: [1] }, VIDEO_MESSAGES.tracks],
      [{ ...complete, file_original_path_linux: undefined }, VIDEO_MESSAGES.upload],
    ];
    for (const [data, expected] of steps) expect(message(() => parseNewVideo(data))).toBe(expected);
    expect(message(() => parseNewVideo(complete))).toBe('no error');
  });

  it('accepts ids as numbers or {id} objects, and videogenres spelled either way', () => {
    const fields = parseVideoFields(
      { title: 'x', genres: [{ id: 1 }, 1, 2], moods: [1], videogenres: [7], tags: [1] },
      0,
    );
    expect(fields.genres).toEqual([1, 2]);
    expect(fields.videoGenres).toEqual([7]);
  });

  it('refuses ids that are not ids, bad links and status', () => {
    expect(message(() => parseVideoFields({ ...complete, genres: ['1; DROP'] }, 0))).toBe(
      'genres must be a list of ids',
    );
    expect(message(() => parseVideoFields({ ...complete, yt_link: 'javascript:alert(1)' }, 0))).toMatch(/http/);
    expect(message(() => parseVideoFields({ ...complete, yt_link: '/cuviewTV/media/../admin/x' }, 0))).toMatch(/http/);
    expect(message(() => parseVideoFields({ ...complete, yt_link: '/cuviewTV/image/1' }, 0))).toMatch(/http/);
    expect(message(() => parseVideoFields({ ...complete, status: 2 }, 0))).toMatch(/Status/);
    expect(message(() => parseVideoFields({ ...complete, title: 'x'.repeat(301) }, 0))).toMatch(/longer/);
  });

  it('accepts a plain file this site serves as the embed link (the demo’s offline item)', () => {
    const own = '/cuviewTV/media/hls/211/file/0b8c9f3e.mp4';
    expect(parseVideoFields({ ...complete, yt_link: own }, 0).ytLink).toBe(own);
  });

  it('refuses malformed tracks', () => {
    expect(message(() => parseNewVideo({ ...complete, tracks: [{ track_id: 5 }] }))).toMatch(/album_id/);
    expect(message(() => parseNewVideo({ ...complete, tracks: [{ ...complete.tracks[0], start_time: -1 }] }))).toMatch(
      /start_time/,
    );
  });
});

describe('track order', () => {
  const track = (position: number, startTime: number, endTime: number): TrackInput => ({
    trackId: 1,
    albumId: 1,
    position,
    startTime,
    endTime,
  });

  it('sorts by position, renumbers from 1, and lets an excerpt start where the previous ends', () => {
    const ordered = orderTracks([track(5, 11, 20), track(2, 0, 10), track(9, 20, 30)], 30);
    expect(ordered.map((t) => [t.position, t.startTime])).toEqual([
      [1, 0],
      [2, 11],
      [3, 20],
    ]);
  });

  it("refuses an excerpt that overlaps the previous one: 'Value Shouldn't override previous Track'", () => {
    expect(message(() => orderTracks([track(1, 0, 10), track(2, 9, 20)], 60))).toBe(
      "Value Shouldn't override previous Track",
    );
  });

  it('refuses empty excerpts, excerpts past the end of the video and repeated positions', () => {
    expect(message(() => orderTracks([track(1, 5, 5)], 60))).toMatch(/end must come after/);
    expect(message(() => orderTracks([track(1, 0, 90)], 60))).toMatch(/after the end of the video/);
    expect(message(() => orderTracks([track(1, 0, 60.5)], 60))).toBe('no error');
    expect(message(() => orderTracks([track(1, 0, 5), track(1, 6, 9)], 60))).toMatch(/same position/);
  });
});
