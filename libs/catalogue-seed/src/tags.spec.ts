import { describe, expect, it } from '@jest/globals';
import type { IAudioMetadata } from 'music-metadata';
import { VIDEOS } from './demo/catalogue.js';
import { placeSegments } from './demo/videos.js';
import { trackLinks } from './demo/links.js';
import { deriveCatalogueNum, readTrackTags, splitNames, UnreadableAudioError } from './tags.js';

function metadata(common: Partial<IAudioMetadata['common']>, duration: number | undefined = 42, native = {}) {
  return {
    common: { track: { no: null, of: null }, disk: { no: null, of: null }, movementIndex: {}, ...common },
    format: {
      duration,
      container: 'MPEG',
      codec: 'MPEG 1 Layer 3',
      tagTypes: [],
      trackInfo: [],
      hasAudio: true,
      hasVideo: false,
    },
    native,
    quality: { warnings: [] },
  } as unknown as IAudioMetadata;
}

describe('splitNames', () => {
  it('splits credits on ; / and feat., keeping names with commas and ampersands whole', () => {
    expect(splitNames(['The Lanterns feat. Mira Vale; June Harlow / DJ Oktav'])).toEqual([
      'The Lanterns',
      'Mira Vale',
      'June Harlow',
      'DJ Oktav',
    ]);
    expect(splitNames(['Earth, Wind & Fire', 'Simon & Garfunkel'])).toEqual([
      'Earth, Wind & Fire',
      'Simon & Garfunkel',
    ]);
  });

  it('drops blanks and repeats ignoring case', () => {
    expect(splitNames(['  Mira  Vale ', 'mira vale', '', undefined, null])).toEqual(['Mira Vale']);
  });
});

describe('readTrackTags', () => {
  it('reads title, album, artists, composers, genre, mood, track number and catalogue number', () => {
    const tags = readTrackTags(
      '/music/neon/01.mp3',
      metadata(
        {
          title: 'Night Drive',
          album: 'Neon Avenue',
          artist: 'The Lanterns feat. Mira Vale',
          albumartist: 'The Lanterns',
          composer: ['Anders Holm; Mira Vale'],
          genre: ['Synthpop'],
          track: { no: 3, of: 5 },
          catalognumber: ['CUV-1001'],
        },
        42,
        { 'ID3v2.3': [{ id: 'TXXX:MOOD', value: 'Energetic' }] },
      ),
    );
    expect(tags).toEqual({
      title: 'Night Drive',
      album: 'Neon Avenue',
      artists: ['The Lanterns', 'Mira Vale'],
      composers: ['Anders Holm', 'Mira Vale'],
      genre: 'Synthpop',
      mood: 'Energetic',
      trackNo: 3,
      catalogueNum: 'CUV-1001',
      catalogueNumFromTag: true,
      duration: 42,
    });
  });

  it('fills gaps from the file and folder names, and derives a stable catalogue number', () => {
    const tags = readTrackTags('/music/Quiet Rooms/02 - Rain on Tin.m4a', metadata({ artist: 'Elena Sorrel Quartet' }));
    expect(tags.title).toBe('Rain on Tin');
    expect(tags.album).toBe('Quiet Rooms');
    expect(tags.trackNo).toBeNull();
    expect(tags.catalogueNum).toBe(deriveCatalogueNum('Elena Sorrel Quartet', 'Quiet Rooms'));
    expect(tags.catalogueNum).toBe(deriveCatalogueNum('ELENA SORREL QUARTET', 'quiet rooms'));
    expect(tags.catalogueNum).not.toBe(deriveCatalogueNum('Elena Sorrel Quartet', 'Loud Rooms'));
    expect(tags.catalogueNumFromTag).toBe(false);
  });

  it('refuses a file with no audio duration', () => {
    expect(() => readTrackTags('/x/broken.mp3', metadata({}, 0))).toThrow(UnreadableAudioError);
  });
});

describe('demo timeline', () => {
  it('lays excerpts end to end with a one-second gap, inside the video and the tracks', () => {
    const video = VIDEOS.find((v) => v.segments.length === 3)!;
    const placed = placeSegments(video, 42, () => 45);
    expect(placed[0]!.start).toBe(0);
    expect(placed.at(-1)!.end).toBeCloseTo(42, 1);
    for (let i = 1; i < placed.length; i++) expect(placed[i]!.start).toBeCloseTo(placed[i - 1]!.end + 1, 5);
    for (const p of placed) expect(p.offset + (p.end - p.start)).toBeLessThanOrEqual(45);
  });
});

describe('trackLinks', () => {
  it('gives every store kind a plausible link, the same on every run', () => {
    const artist = {
      id: 7,
      title: 'The Lanterns',
      site: 'https://www.thelanternsband.com/',
      merchUrl: 'https://shop.x/',
    };
    const links = trackLinks('Neon Avenue', 'CUV-1001', 1, artist);
    expect(links).toEqual(trackLinks('Neon Avenue', 'CUV-1001', 1, artist));
    const byKind = Object.fromEntries(links.map((l) => [l.kind, l.url]));
    expect(byKind.SPOTIFY).toMatch(/^https:\/\/open\.spotify\.com\/track\/[0-9A-Za-z]{22}$/);
    expect(byKind.ITUNES).toMatch(/^https:\/\/music\.apple\.com\/us\/album\/neon-avenue\/\d{10}\?i=\d{10}$/);
    expect(byKind.AMAZON).toMatch(/^https:\/\/www\.amazon\.com\/dp\/B0[0-9A-Z]{8}$/);
    expect(byKind.RDIO).toBeUndefined();
    expect(links.filter((l) => l.kind === 'EXTRA').map((l) => l.imageUrl)).toEqual([
      '/cuviewTV/image/member/7/300/',
      '/cuviewTV/image/member/7/300/',
    ]);
    expect(trackLinks('Neon Avenue', 'CUV-1001', 2, artist)[2]!.url).not.toBe(byKind.SPOTIFY);
  });
});
