import { describe, expect, it } from '@jest/globals';
import type { DemoVideo } from './catalogue.js';
import { captionFilters } from './videos.js';

describe('demo video captions', () => {
  it('keep the title and artist out of the bottom of the picture, where the player draws its controls', () => {
    const frame = { width: 1280, height: 720 };
    const files = { title: '/tmp/title.txt', artist: '/tmp/artist.txt', lyrics: [] };
    const filters = captionFilters({ look: 'cqt' } as DemoVideo, files, frame, 120).split(',drawtext=');
    const afterCard = filters.filter((f) => f.includes("enable='gte(t,3)'"));
    expect(afterCard).toHaveLength(2);
    for (const filter of afterCard) {
      const y = /:y=([^:]+):/.exec(filter)?.[1] ?? '';
      // A number of pixels from the top, within the top fifth (a stranger saw the old lower third under the controls).
      expect(y).toMatch(/^\d+$/);
      expect(Number(y)).toBeLessThan(frame.height / 5);
    }
  });
});
