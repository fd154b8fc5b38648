import { describe, expect, it } from '@jest/globals';
import { PosterFrameCommand, posterFrameSeconds } from './poster.js';

describe('posterFrameSeconds', () => {
  it('skips the title card and fade-in of a short music video (the demo shows its title for 3 s)', () => {
    expect(posterFrameSeconds(20)).toBe(5);
    expect(posterFrameSeconds(32)).toBe(5);
  });

  it('takes 10 % of a long video', () => {
    expect(posterFrameSeconds(240)).toBe(24);
    expect(posterFrameSeconds(3600)).toBe(360);
  });

  it('stays within the first 30 % of a very short clip', () => {
    expect(posterFrameSeconds(10)).toBe(3);
    expect(posterFrameSeconds(4)).toBeCloseTo(1.2, 5);
  });
});

describe('PosterFrameCommand', () => {
  it('seeks before the input to the chosen second and writes one frame', () => {
    const args = new PosterFrameCommand('/tmp/in.mp4', 'mov,mp4,m4a,3gp,3g2,mj2', '/tmp/out.jpg', 5).args();
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '5.000']);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args).toContain('/tmp/out.jpg');
  });
});
