import { describe, expect, it } from 'vitest';
// The one import-free file of the server's contracts this test reads; the app itself does not.
import {
  ANALYSIS_OFFSET_STEP_SECONDS,
  ANALYSIS_WINDOW_SECONDS,
  analysisOffset as serverOffset,
} from '../../../../libs/contracts/src/analysis';
import { ANALYSIS_OFFSET_STEP_S, ANALYSIS_WINDOW_S } from '@/lib/constants';
import { analysisOffset } from './offset';

describe('the web app and the api agree on the analysed window', () => {
  it('uses the same window length and step', () => {
    expect(ANALYSIS_WINDOW_S).toBe(ANALYSIS_WINDOW_SECONDS);
    expect(ANALYSIS_OFFSET_STEP_S).toBe(ANALYSIS_OFFSET_STEP_SECONDS);
  });

  it('asks for the window the api analyses at every playback time', () => {
    for (const duration of [12, 30, 34.9, 125, 262.7, 300]) {
      for (let time = -3; time <= duration; time += 0.7) {
        // The api rounds what the web sends by its own rule: the window must not move.
        expect(serverOffset(analysisOffset(time, duration), duration)).toBe(serverOffset(time, duration));
      }
    }
  });
});
