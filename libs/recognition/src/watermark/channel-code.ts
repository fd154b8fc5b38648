/**
 * Error control for the watermark payload: CRC-16/CCITT as the check code and a
 * rate-1/2, constraint-length-7 convolutional code (generators 133, 171 octal, the
 * NASA/802.11 code) decoded with a soft-decision Viterbi decoder.
 */

export function crc16(bits: readonly number[]): number {
  let crc = 0xffff;
  for (const bit of bits) {
    const top = ((crc >>> 15) & 1) ^ (bit & 1);
    crc = (crc << 1) & 0xffff;
    if (top) crc ^= 0x1021;
  }
  return crc;
}

export function numberToBits(value: number, width: number): number[] {
  const bits: number[] = [];
  for (let i = width - 1; i >= 0; i--) bits.push(Math.floor(value / 2 ** i) % 2);
  return bits;
}

export function bitsToNumber(bits: readonly number[]): number {
  let v = 0;
  for (const b of bits) v = v * 2 + b;
  return v;
}

const K = 7;
const STATES = 1 << (K - 1);
const GENERATORS = [0o133, 0o171];
export const CODE_RATE_INVERSE = GENERATORS.length;
export const TAIL_BITS = K - 1;

function parity(x: number): number {
  x ^= x >>> 16;
  x ^= x >>> 8;
  x ^= x >>> 4;
  x ^= x >>> 2;
  x ^= x >>> 1;
  return x & 1;
}

/** Output bits of each (state, input) transition, precomputed. */
const OUTPUTS: number[][] = [];
/** The same outputs as one symbol (first generator's bit most significant). */
const SYMBOLS = new Uint8Array(STATES * 2);
for (let state = 0; state < STATES; state++) {
  for (let input = 0; input < 2; input++) {
    const reg = (input << (K - 1)) | state; // newest bit in the top position
    const outs = GENERATORS.map((g) => parity(reg & g));
    OUTPUTS[state * 2 + input] = outs;
    SYMBOLS[state * 2 + input] = outs.reduce((sym, bit) => sym * 2 + bit, 0);
  }
}

const nextState = (state: number, input: number): number => ((input << (K - 1)) | state) >>> 1;

/** Encode `bits` followed by K-1 zero tail bits (the trellis ends in state 0). */
export function convEncode(bits: readonly number[]): number[] {
  const out: number[] = [];
  let state = 0;
  for (const b of [...bits, ...new Array<number>(TAIL_BITS).fill(0)]) {
    out.push(...OUTPUTS[state * 2 + b]!);
    state = nextState(state, b);
  }
  return out;
}

const UNREACHABLE = -1e300;

/**
 * Maximum-likelihood decoding of soft values (positive = coded bit 1, magnitude =
 * confidence) for a message of `messageBits` bits followed by the zero tail.
 *
 * Written as add-compare-select over next states: state s is reached from the two
 * states (2s mod 64) and (2s mod 64) + 1, with input bit s >> 5. Branch metrics are
 * computed once per step for each of the 2^n output symbols.
 */
export function viterbiDecode(soft: ArrayLike<number>, messageBits: number): number[] {
  const steps = messageBits + TAIL_BITS;
  const n = CODE_RATE_INVERSE;
  const symbols = 1 << n;
  const half = STATES >> 1;
  const mask = STATES - 1;
  let metric = new Float64Array(STATES).fill(UNREACHABLE);
  metric[0] = 0;
  let next = new Float64Array(STATES);
  const branch = new Float64Array(symbols);
  const from = new Uint8Array(steps * STATES); // low bit of the winning predecessor
  for (let t = 0; t < steps; t++) {
    for (let sym = 0; sym < symbols; sym++) {
      let m = 0;
      for (let j = 0; j < n; j++) m += (sym >> (n - 1 - j)) & 1 ? soft[t * n + j]! : -soft[t * n + j]!;
      branch[sym] = m;
    }
    // Tail inputs are zero: states entered with input 1 are unreachable.
    const reachable = t < messageBits ? STATES : half;
    const row = t * STATES;
    for (let ns = 0; ns < reachable; ns++) {
      const p0 = (ns << 1) & mask;
      const input = ns >= half ? 1 : 0;
      const c0 = metric[p0]! + branch[SYMBOLS[2 * p0 + input]!]!;
      const c1 = metric[p0 + 1]! + branch[SYMBOLS[2 * p0 + 2 + input]!]!;
      const one = c1 > c0;
      next[ns] = one ? c1 : c0;
      from[row + ns] = one ? 1 : 0;
    }
    for (let ns = reachable; ns < STATES; ns++) next[ns] = UNREACHABLE;
    const swap = metric;
    metric = next;
    next = swap;
  }
  // Trace back from state 0.
  const bits = new Array<number>(messageBits);
  let state = 0;
  for (let t = steps - 1; t >= 0; t--) {
    if (t < messageBits) bits[t] = state >= half ? 1 : 0;
    state = ((state << 1) & mask) | from[t * STATES + state]!;
  }
  return bits;
}
