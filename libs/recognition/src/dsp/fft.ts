import FFT from 'fft.js';

/**
 * Real-input FFT of a fixed power-of-two size on reusable Float64Array buffers
 * (fft.js, radix-4). One instance per size and per caller: it is not re-entrant.
 */
export class RealFft {
  readonly size: number;
  private readonly fft: FFT;
  private readonly out: Float64Array;
  private readonly complexIn: Float64Array;
  private readonly complexOut: Float64Array;

  constructor(size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) throw new Error(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    this.fft = new FFT(size);
    this.out = new Float64Array(2 * size);
    this.complexIn = new Float64Array(2 * size);
    this.complexOut = new Float64Array(2 * size);
  }

  /**
   * Forward transform of `input` (length `size`). Returns interleaved re/im for bins
   * 0..size/2 (the buffer is reused by the next call).
   */
  forward(input: Float64Array): Float64Array {
    this.fft.realTransform(this.out, input);
    return this.out;
  }

  /** Power spectrum |X[k]|^2 for k = 0..size/2 written into `power`. */
  power(input: Float64Array, power: Float64Array): void {
    const out = this.forward(input);
    const half = this.size >> 1;
    for (let k = 0; k <= half; k++) {
      const re = out[2 * k]!;
      const im = out[2 * k + 1]!;
      power[k] = re * re + im * im;
    }
  }

  /**
   * Inverse of a half spectrum (interleaved re/im, bins 0..size/2) into `output`
   * (length `size`), including the 1/size scaling.
   */
  inverse(halfSpectrum: Float64Array, output: Float64Array): void {
    const n = this.size;
    const half = n >> 1;
    const full = this.complexIn;
    for (let k = 0; k <= half; k++) {
      full[2 * k] = halfSpectrum[2 * k]!;
      full[2 * k + 1] = halfSpectrum[2 * k + 1]!;
    }
    // Hermitian symmetry of a real signal's spectrum.
    for (let k = half + 1; k < n; k++) {
      full[2 * k] = halfSpectrum[2 * (n - k)]!;
      full[2 * k + 1] = -halfSpectrum[2 * (n - k) + 1]!;
    }
    this.fft.inverseTransform(this.complexOut, full);
    for (let i = 0; i < n; i++) output[i] = this.complexOut[2 * i]!;
  }
}

/** Periodic Hann window (sums to a constant at 50 % and 75 % overlap). */
export function hannWindow(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return w;
}
