import { describe, expect, it } from '@jest/globals';
import { DEFAULT_IDS, Status } from '@app/contracts';
import { ACTIVITIES, ALBUMS, EMBEDS, GROUPS, MOODS, PLAYLISTS, TAGS, VIDEOS, fullProfile } from './catalogue.js';
import { composeSong } from './compose.js';
import { midiFile } from './midi.js';

const PAGE = 20;
const visibleVideos = [...VIDEOS.filter((v) => v.status === Status.On), ...EMBEDS];

describe('the demo catalogue', () => {
  it('is big enough that every viewer list pages', () => {
    expect(VIDEOS.length + EMBEDS.length).toBeGreaterThanOrEqual(60);
    expect(PLAYLISTS.filter((p) => !p.personal && p.status === Status.On).length).toBeGreaterThanOrEqual(25);
    // The Mood and Activity dropdowns and the tag list load a second page.
    for (const list of [MOODS, ACTIVITIES, TAGS]) expect(list.length).toBeGreaterThan(PAGE);
    // Filter results and search ("live", a genre) exceed a page.
    expect(
      visibleVideos.filter((v) => v.tags.includes('visualizer') || v.tags.includes('abstract')).length,
    ).toBeGreaterThan(PAGE);
    const ids = [...VIDEOS, ...EMBEDS].map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the ids of DESIGN.md §2.10, with two tracks in video 403', () => {
    for (const id of DEFAULT_IDS.videos) expect(VIDEOS.find((v) => v.id === id)?.status).toBe(Status.On);
    expect(VIDEOS.find((v) => v.id === 403)!.segments.length).toBeGreaterThanOrEqual(2);
    for (const id of DEFAULT_IDS.playlists)
      expect(PLAYLISTS.find((p) => p.id === id)!.videos.length).toBeGreaterThan(0);
    for (const id of DEFAULT_IDS.groups) expect(GROUPS.find((g) => g.id === id)).toBeDefined();
    expect(GROUPS.find((g) => g.id === DEFAULT_IDS.essentialClassicsGroup)!.playlists).toContain(251);
  });

  it('has several multi-track videos whose excerpts fit in their tracks', () => {
    const profile = fullProfile();
    expect(VIDEOS.filter((v) => v.segments.length >= 3).length).toBeGreaterThanOrEqual(5);
    for (const video of VIDEOS) {
      const length = (video.duration - (video.segments.length - 1)) / video.segments.length;
      for (const s of video.segments) expect(profile.trackSeconds(s.album, s.track)).toBeGreaterThan(length + 0.5);
    }
  });

  it('has one embedded item of each source kind of the spec', () => {
    expect(EMBEDS.map((e) => e.kind).sort()).toEqual(
      [
        'DailyMotion',
        'Facebook',
        'File',
        'Kaltura',
        'Mixcloud',
        'SoundCloud',
        'Streamable',
        'Twitch',
        'Vidyard',
        'Vimeo',
        'Wistia',
        'YouTube',
      ].sort(),
    );
  });

  it('has accented and hyphenated titles and names', () => {
    const names = [...ALBUMS.map((a) => a.albumArtist), ...visibleVideos.map((v) => v.title)];
    expect(names.filter((n) => n.normalize('NFD') !== n).length).toBeGreaterThanOrEqual(10);
    expect(names.filter((n) => /\p{L}-\p{L}/u.test(n)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('the demo music', () => {
  it('has at least four genres with their own instruments, tempi and keys', () => {
    const styles = new Set(ALBUMS.map((a) => a.style));
    expect(styles.size).toBeGreaterThanOrEqual(4);
    const songs = ALBUMS.map((a) => composeSong(a.style, a.tracks[0]!.seed, 30));
    expect(new Set(songs.map((s) => s.leadProgram)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(songs.map((s) => s.bpm)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(songs.map((s) => s.key)).size).toBeGreaterThanOrEqual(4);
  });

  it('composes a different song for each seed, the same for the same seed', () => {
    const a = midiFile(composeSong('jazz', 1, 20).midi);
    expect(midiFile(composeSong('jazz', 1, 20).midi).equals(a)).toBe(true);
    expect(midiFile(composeSong('jazz', 2, 20).midi).equals(a)).toBe(false);
    expect(a.subarray(0, 4).toString('latin1')).toBe('MThd');
  });
});
