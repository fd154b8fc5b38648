/**
 * Band-limited resampling with a Kaiser-windowed sinc, evaluated as a polyphase
 * filter. Integer sample rates make the ratio rational (48 kHz -> 8 kHz has one phase,
 * 48 kHz -> 44.1 kHz has 147), so every phase kernel is exact and precomputed.
 */

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { PI, abs, ceil, floor, min, sin, sqrt } = Math;

const ZERO_CROSSINGS = 16;
const KAISER_BETA = 9;
const MAX_PHASES = 2048;

interface Kernel {
  phases: number;
  /** taps per phase */
  width: number;
  /** first input sample relative to floor(position) */
  start: number;
  table: Float32Array;
}

const kernelCache = new Map<string, Kernel>();

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function kernelFor(fromRate: number, toRate: number): Kernel {
  const key = `${fromRate}:${toRate}`;
  const cached = kernelCache.get(key);
  if (cached) return cached;
  const g = gcd(fromRate, toRate);
  const phases = min(toRate / g, MAX_PHASES);
  // Cut-off a little under the lower Nyquist so the transition band stays out of it.
  const cutoff = min(1, toRate / fromRate) * 0.94;
  const half = ceil(ZERO_CROSSINGS / cutoff);
  const width = 2 * half;
  const start = -half + 1;
  const table = new Float32Array(phases * width);
  const i0Beta = besselI0(KAISER_BETA);
  for (let p = 0; p < phases; p++) {
    const frac = p / phases;
    for (let j = 0; j < width; j++) {
      const x = start + j - frac; // distance of the tap from the output position, in input samples
      const u = x / (half + 1);
      let h = 0;
      if (abs(u) < 1) {
        const arg = PI * cutoff * x;
        const sinc = x === 0 ? 1 : sin(arg) / arg;
        h = cutoff * sinc * (besselI0(KAISER_BETA * sqrt(1 - u * u)) / i0Beta);
      }
      table[p * width + j] = h;
    }
  }
  const kernel = { phases, width, start, table };
  kernelCache.set(key, kernel);
  return kernel;
}

/** Resample mono PCM from `fromRate` to `toRate` (both positive integers, in Hz). */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0) {
    throw new Error(`sample rates must be positive integers, got ${fromRate} -> ${toRate}`);
  }
  if (fromRate === toRate) return input.slice();
  const { phases, width, start, table } = kernelFor(fromRate, toRate);
  const g = gcd(fromRate, toRate);
  const step = fromRate / g; // input advance per output, in units of 1/den input samples
  const den = toRate / g;
  const outLength = floor((input.length * toRate) / fromRate);
  const output = new Float32Array(outLength);
  const n = input.length;
  for (let o = 0; o < outLength; o++) {
    // Exact rational position o * from / to = i0 + rem / den.
    const num = o * step;
    const i0 = floor(num / den);
    const rem = num - i0 * den;
    const phase = phases === den ? rem : floor((rem * phases) / den);
    const base = phase * width;
    const first = i0 + start;
    let acc = 0;
    if (first >= 0 && first + width <= n) {
      for (let j = 0; j < width; j++) acc += input[first + j]! * table[base + j]!;
    } else {
      for (let j = 0; j < width; j++) {
        const idx = first + j;
        if (idx >= 0 && idx < n) acc += input[idx]! * table[base + j]!;
      }
    }
    output[o] = acc;
  }
  return output;
}

/** Average interleaved multi-channel PCM down to mono. */
export function downmix(interleaved: Float32Array, channels: number): Float32Array {
  if (channels === 1) return interleaved;
  const frames = floor(interleaved.length / channels);
  const mono = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let s = 0;
    for (let c = 0; c < channels; c++) s += interleaved[i * channels + c]!;
    mono[i] = s / channels;
  }
  return mono;
}
