import { describe, expect, it } from '@jest/globals';
import { resample } from '../dsp/resample.js';
import { drumGroove, mixInto, rms } from '../testing/signals.js';
import { SynthTrack } from '../testing/synth.js';
import { FOOTPRINT_OPTIONS, FP_SAMPLE_RATE, fingerprint, INDEX_OPTIONS } from './fingerprint.js';
import { InMemoryFingerprintIndex } from './index-store.js';
import { matchAcrossScales } from './scale-search.js';

// Songs of one style, as a composer or a sample library makes them: each its own key, chords
// and melody over the same drum recordings in the same groove at the same tempo, the drums
// mixed loud. One indexed song has the groove; an unindexed song with it agrees with that song
// on every bar's drums and with no other song at all, which the rule once took for a match.
const RENDER_RATE = 16_000;
const TRACK_SECONDS = 30;
const BPM = 120;
const GROOVY = 31;
const INDEXED = [GROOVY, 32, 33, 34, 35, 36];
const UNINDEXED = [131, 132, 133, 134, 135, 136, 137, 138];

const groove = drumGroove(RENDER_RATE, TRACK_SECONDS, BPM);

/** The song, with the groove mixed in twice as loud as its music, at the fingerprinter's rate. */
function song(seed: number, withGroove = true): Float32Array {
  const music = new SynthTrack(seed, TRACK_SECONDS).render(RENDER_RATE);
  const mixed = withGroove ? mixInto(music, groove, (2 * rms(music)) / rms(groove)) : music;
  return resample(mixed, RENDER_RATE, FP_SAMPLE_RATE);
}

const index = new InMemoryFingerprintIndex();
for (const seed of INDEXED) index.add(seed, fingerprint(song(seed, seed === GROOVY), INDEX_OPTIONS));
const lookup = (hashes: Uint32Array) => index.lookup(hashes);
const cut = (pcm: Float32Array, start: number) => pcm.subarray(start * FP_SAMPLE_RATE, (start + 5) * FP_SAMPLE_RATE);

describe('songs sharing a drum groove', () => {
  it('keeps an unindexed song unknown when only its drums agree with an indexed one', async () => {
    const accepted: string[] = [];
    for (const seed of UNINDEXED) {
      const pcm = song(seed);
      for (const start of [2, 9, 16, 23]) {
        const match = await matchAcrossScales(fingerprint(cut(pcm, start), FOOTPRINT_OPTIONS), lookup);
        if (match) accepted.push(`${seed}@${start}s -> ${match.trackId} (score ${match.score.toFixed(1)})`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('still finds every indexed song, the one with the groove too, at its offset', async () => {
    for (const seed of INDEXED) {
      const pcm = song(seed, seed === GROOVY);
      for (const start of [4, 17]) {
        const match = await matchAcrossScales(fingerprint(cut(pcm, start), FOOTPRINT_OPTIONS), lookup);
        expect(match).toMatchObject({ trackId: seed, speed: 1, pitch: 1 });
        expect(Math.abs(match!.offsetSeconds - start)).toBeLessThan(0.05);
      }
    }
  });
});
