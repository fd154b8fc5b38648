import { describe, expect, it } from 'vitest';
import { formatClock, keyStep, parseClock } from './clock';

describe('the wizard clock (m:ss with tenths)', () => {
  it('shows seconds as m:ss, with a tenth when there is one, and hours when needed', () => {
    expect([formatClock(0), formatClock(5), formatClock(65), formatClock(65.34), formatClock(3725)]).toEqual([
      '0:00',
      '0:05',
      '1:05',
      '1:05.3',
      '1:02:05',
    ]);
  });

  it('reads m:ss, m:ss.s, h:mm:ss and plain seconds, and nothing else', () => {
    expect(parseClock('1:05')).toBe(65);
    expect(parseClock(' 1:05.3 ')).toBe(65.3);
    expect(parseClock('1:05,5')).toBe(65.5);
    expect(parseClock('1:02:05')).toBe(3725);
    expect(parseClock('75.25')).toBe(75.3);
    for (const bad of ['', 'abc', '1:60', '1:75:00', '-3', '1::05', '1:5:']) expect(parseClock(bad)).toBeNull();
  });

  it('moves a tenth with the arrows, a second with Shift, ten with the Page keys', () => {
    expect([keyStep('ArrowRight', false), keyStep('ArrowLeft', true), keyStep('PageDown', false)]).toEqual([
      0.1, -1, -10,
    ]);
    expect([keyStep('Home', false), keyStep('End', false), keyStep('a', false)]).toEqual(['min', 'max', null]);
  });
});
