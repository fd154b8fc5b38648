import { describe, expect, it } from 'vitest';
import { resumeFrom } from './resume';

describe('resumeFrom', () => {
  it('starts over in the last 10 s of a video (the 36 s clip that resumed at 35.4 s and ended at once)', () => {
    expect(resumeFrom(35.4, 36)).toBeNull();
    expect(resumeFrom(34.1, 36)).toBeNull();
    expect(resumeFrom(26.1, 36)).toBeNull();
    expect(resumeFrom(25.9, 36)).toBe(25.9);
    expect(resumeFrom(36, 36)).toBeNull();
    expect(resumeFrom(40, 36)).toBeNull();
  });

  it('keeps the last 5 % of a long video for its end, and a third of a short clip', () => {
    expect(resumeFrom(3400, 3600)).toBe(3400);
    expect(resumeFrom(3421, 3600)).toBeNull();
    expect(resumeFrom(285, 300)).toBe(285);
    expect(resumeFrom(291, 300)).toBeNull();
    // An 8 s clip stopped at 3 s resumes; at 6 s it starts over.
    expect(resumeFrom(3, 8)).toBe(3);
    expect(resumeFrom(6, 8)).toBeNull();
    expect(resumeFrom(7.4, 20)).toBe(7.4);
    expect(resumeFrom(14, 20)).toBeNull();
  });

  it('starts from the beginning without a position, and keeps one when the duration is unknown', () => {
    expect(resumeFrom(null, 36)).toBeNull();
    expect(resumeFrom(undefined, 36)).toBeNull();
    expect(resumeFrom(0, 36)).toBeNull();
    expect(resumeFrom(12, 0)).toBe(12);
  });
});
