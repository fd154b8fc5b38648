/**
 * Small seeded PRNG (mulberry32). Used wherever the engines need reproducible
 * pseudo-random patterns (watermark chip layout) and by the test-signal synthesizer.
 */

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { PI, cos, floor, imul, log, sqrt } = Math;

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  pick<T>(items: readonly T[]): T {
    return items[floor(this.next() * items.length)]!;
  }

  /** Standard normal deviate (Box-Muller). */
  gauss(): number {
    const u = 1 - this.next();
    const v = this.next();
    return sqrt(-2 * log(u)) * cos(2 * PI * v);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = floor(this.next() * (i + 1));
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

/** Stateless 32-bit integer hash (for per-sample noise that any window can reproduce). */
export function hashU32(x: number): number {
  let h = x >>> 0;
  h = imul(h ^ (h >>> 16), 0x7feb352d);
  h = imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}
