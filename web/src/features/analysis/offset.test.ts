import { describe, expect, it } from 'vitest';
import { analysisOffset, analysisSessionId } from './offset';

describe('analysis offset (multiple of 5 s, capped at duration - 30)', () => {
  it('rounds the playback time down to a multiple of 5 seconds', () => {
    expect(analysisOffset(0, 300)).toBe(0);
    expect(analysisOffset(4.9, 300)).toBe(0);
    expect(analysisOffset(5, 300)).toBe(5);
    expect(analysisOffset(47.9, 300)).toBe(45);
    expect(analysisOffset(123.2, 300)).toBe(120);
  });

  it('caps the window start at duration minus 30 seconds', () => {
    expect(analysisOffset(290, 300)).toBe(270);
    expect(analysisOffset(299, 300)).toBe(270);
    expect(analysisOffset(250, 262.7)).toBe(232);
  });

  it('never goes below zero for videos shorter than the window', () => {
    expect(analysisOffset(12, 20)).toBe(0);
    expect(analysisOffset(-3, 300)).toBe(0);
  });

  it('builds the session id from a timestamp and the user id', () => {
    expect(analysisSessionId(42, 1700000000000)).toBe('170000000000042');
  });
});
