import { Prng } from '../dsp/prng.js';

// Math's members as module bindings: a global lookup per call is slow in vm contexts (Jest).
const { PI, abs, ceil, exp, floor, max, min, pow, round, sin, tanh } = Math;

/**
 * Deterministic music synthesizer for tests and the evaluation harness (not product
 * code). A seed yields a "song": key, scale, tempo, metre, a chord progression in two
 * sections, a motif-based melody, bass line, chords or arpeggios and a drum pattern,
 * each played by a timbre drawn for that song (additive wavetables, 2-operator FM,
 * Karplus-Strong plucks, synthesized drums). Every note is rendered from its own onset,
 * so any time window renders exactly the samples of the full song.
 */

const TABLE_SIZE = 4096;
const SINE = buildSine();

function buildSine(): Float32Array {
  const t = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) t[i] = sin((2 * PI * i) / TABLE_SIZE);
  return t;
}

type DrumKind = 'kick' | 'snare' | 'hat' | 'openhat' | 'tom' | 'clap';

interface ToneVoice {
  kind: 'table';
  bright: Float32Array;
  dull: Float32Array;
  attack: number;
  decay: number; // seconds for the brightness / level decay towards sustain
  sustain: number;
  release: number;
  vibratoRate: number;
  vibratoDepth: number; // fraction of the frequency
  detune: number; // second oscillator ratio (1 = none)
  gain: number;
}

interface FmVoice {
  kind: 'fm';
  ratio: number;
  index: number;
  indexDecay: number;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  gain: number;
}

interface PluckVoice {
  kind: 'pluck';
  damping: number; // 0..1, higher = darker and shorter
  gain: number;
}

interface DrumVoice {
  kind: 'drum';
  drum: DrumKind;
  pitch: number;
  decay: number;
  gain: number;
}

type Voice = ToneVoice | FmVoice | PluckVoice | DrumVoice;

interface Note {
  start: number; // seconds
  duration: number; // seconds (gate length; release follows)
  freq: number;
  velocity: number;
  voice: number; // index into voices
  seed: number;
}

const SCALES: Record<string, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
};

const midiToHz = (m: number): number => 440 * pow(2, (m - 69) / 12);

function buildTable(prng: Prng, partials: number, tilt: number, oddBias: number): Float32Array {
  const amps: number[] = [];
  const phases: number[] = [];
  for (let h = 1; h <= partials; h++) {
    let a = pow(h, -tilt) * prng.range(0.4, 1);
    if (h % 2 === 0) a *= 1 - oddBias;
    amps.push(a);
    phases.push(prng.range(0, 2 * PI));
  }
  const t = new Float32Array(TABLE_SIZE + 1);
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let s = 0;
    const x = (2 * PI * i) / TABLE_SIZE;
    for (let h = 0; h < amps.length; h++) s += amps[h]! * sin((h + 1) * x + phases[h]!);
    t[i] = s;
    peak = max(peak, abs(s));
  }
  for (let i = 0; i < TABLE_SIZE; i++) t[i]! /= peak;
  t[TABLE_SIZE] = t[0]!;
  return t;
}

function toneVoice(prng: Prng, role: 'lead' | 'pad' | 'bass' | 'keys'): ToneVoice {
  const partials = role === 'bass' ? prng.int(3, 8) : prng.int(4, 12);
  const tilt = prng.range(0.6, 1.8);
  const odd = prng.next() < 0.3 ? prng.range(0.5, 0.95) : prng.range(0, 0.3);
  return {
    kind: 'table',
    bright: buildTable(prng, partials, tilt * 0.7, odd),
    dull: buildTable(prng, max(2, partials >> 1), tilt * 1.4, odd),
    attack: role === 'pad' ? prng.range(0.08, 0.4) : prng.range(0.003, 0.03),
    decay: role === 'pad' ? prng.range(0.5, 2) : prng.range(0.1, 0.6),
    sustain: role === 'keys' ? prng.range(0.1, 0.4) : prng.range(0.4, 0.9),
    release: role === 'pad' ? prng.range(0.2, 0.6) : prng.range(0.03, 0.15),
    vibratoRate: prng.range(4, 6.5),
    vibratoDepth: role === 'lead' ? prng.range(0, 0.006) : 0,
    detune: role === 'pad' ? 1 + prng.range(0.002, 0.008) : 1,
    gain: 1,
  };
}

function fmVoice(prng: Prng): FmVoice {
  return {
    kind: 'fm',
    ratio: prng.pick([0.5, 1, 1, 2, 3, 3.5, 4, 1.41]),
    index: prng.range(0.5, 4),
    indexDecay: prng.range(0.05, 0.8),
    attack: prng.range(0.002, 0.02),
    decay: prng.range(0.15, 1),
    sustain: prng.range(0.1, 0.6),
    release: prng.range(0.05, 0.3),
    gain: 1,
  };
}

export interface SynthTrackInfo {
  seed: number;
  duration: number;
  bpm: number;
  scale: string;
  root: number;
  hasDrums: boolean;
  noteCount: number;
}

export class SynthTrack {
  readonly info: SynthTrackInfo;
  private readonly voices: Voice[] = [];
  private readonly notes: Note[] = [];

  constructor(seed: number, duration: number) {
    const prng = new Prng(seed * 7919 + 17);
    const scaleName = prng.pick(Object.keys(SCALES));
    const scale = SCALES[scaleName]!;
    const root = prng.int(38, 50); // bass register tonic
    const bpm = prng.int(72, 168);
    const beatsPerBar = prng.next() < 0.8 ? 4 : 3;
    const beat = 60 / bpm;
    const swing = prng.next() < 0.3 ? prng.range(0.05, 0.18) : 0;
    const hasDrums = prng.next() < 0.8;
    this.info = { seed, duration, bpm, scale: scaleName, root, hasDrums, noteCount: 0 };

    const degreeToMidi = (degree: number, octaveBase: number): number => {
      const o = floor(degree / 7);
      const d = ((degree % 7) + 7) % 7;
      return octaveBase + 12 * o + scale[d]!;
    };

    // Voices for this song.
    const lead = this.addVoice(prng.next() < 0.5 ? toneVoice(prng, 'lead') : fmVoice(prng));
    const bass = this.addVoice(prng.next() < 0.75 ? toneVoice(prng, 'bass') : fmVoice(prng));
    const harmonyStyle = prng.pick(['pad', 'stabs', 'arp', 'pluckArp', 'keys'] as const);
    const harmony = this.addVoice(
      harmonyStyle === 'pluckArp'
        ? { kind: 'pluck', damping: prng.range(0.2, 0.7), gain: 1 }
        : harmonyStyle === 'pad'
          ? toneVoice(prng, 'pad')
          : prng.next() < 0.6
            ? toneVoice(prng, 'keys')
            : fmVoice(prng),
    );
    const counter = prng.next() < 0.5 ? this.addVoice({ kind: 'pluck', damping: prng.range(0.1, 0.5), gain: 1 }) : -1;
    const drum = (drumKind: DrumKind, pitch: number, decay: number): number =>
      this.addVoice({ kind: 'drum', drum: drumKind, pitch, decay, gain: 1 });
    const kick = drum('kick', prng.range(45, 65), prng.range(0.15, 0.45));
    const snare = drum(prng.next() < 0.7 ? 'snare' : 'clap', prng.range(160, 240), prng.range(0.08, 0.2));
    const hat = drum('hat', prng.range(6000, 9000), prng.range(0.02, 0.07));
    const openHat = drum('openhat', prng.range(5000, 8000), prng.range(0.15, 0.35));
    const tom = drum('tom', prng.range(90, 160), prng.range(0.15, 0.3));

    // Chord progressions (scale degrees of chord roots) for sections A and B.
    const progression = (): number[] => {
      const n = prng.pick([4, 4, 4, 8, 3, 6]);
      const out = [0];
      for (let i = 1; i < n; i++) out.push(prng.pick([0, 1, 2, 3, 4, 5, 6, 3, 4, 5]));
      return out;
    };
    const progA = progression();
    const progB = progression();
    const barsPerChord = prng.pick([1, 1, 2]);
    const barLen = beat * beatsPerBar;
    const form = prng.pick(['AABA', 'ABAB', 'AABB', 'ABAC', 'AAAB']);

    // Melody motif: rhythm (in beats) and scale-degree contour, reused with variations.
    const makeMotif = (): { on: number; len: number; step: number }[] => {
      const motif: { on: number; len: number; step: number }[] = [];
      const lengthBeats = beatsPerBar * prng.pick([1, 2]);
      let t = 0;
      while (t < lengthBeats) {
        const len = prng.pick([0.25, 0.5, 0.5, 0.75, 1, 1, 1.5, 2]);
        if (prng.next() < 0.8) motif.push({ on: t, len: min(len, lengthBeats - t), step: prng.int(-3, 3) });
        t += len;
      }
      return motif;
    };
    const motifs = { A: makeMotif(), B: makeMotif(), C: makeMotif() };
    const leadOctave = 12 * prng.int(1, 2) + root + 12;
    const bassPattern = prng.pick(['roots', 'octaves', 'eighths', 'walking', 'syncopated']);
    const drumStyle = prng.pick(['four', 'backbeat', 'halftime', 'breaks', 'shuffle']);
    const hatDiv = prng.pick([2, 2, 4, 1]);
    const arpPattern = prng.pick(['up', 'down', 'updown', 'random']);
    const arpDiv = prng.pick([2, 4, 3]);

    let time = 0;
    let section = 0;
    let melodyDegree = prng.int(0, 4);
    while (time < duration) {
      const label = form[section % form.length]! as 'A' | 'B' | 'C';
      const prog = label === 'A' ? progA : label === 'B' ? progB : progB.slice().reverse();
      const motif = motifs[label];
      for (let ci = 0; ci < prog.length && time < duration; ci++) {
        const chordRoot = prog[ci]!;
        const chordTones = [chordRoot, chordRoot + 2, chordRoot + 4, chordRoot + (prng.next() < 0.3 ? 6 : 7)];
        const chordLen = barLen * barsPerChord;
        // Harmony.
        if (harmonyStyle === 'pad') {
          for (const d of chordTones.slice(0, 3 + (prng.next() < 0.4 ? 1 : 0))) {
            this.note(time, chordLen * 0.98, degreeToMidi(d, root + 12), 0.35, harmony, prng);
          }
        } else if (harmonyStyle === 'stabs' || harmonyStyle === 'keys') {
          const step = harmonyStyle === 'stabs' ? beat : beat * 2;
          for (let t = 0; t < chordLen - 1e-6; t += step) {
            const on = t + (harmonyStyle === 'stabs' && prng.next() < 0.3 ? beat / 2 : 0);
            for (const d of chordTones.slice(0, 3)) {
              this.note(time + on, step * 0.45, degreeToMidi(d, root + 12), 0.3, harmony, prng);
            }
          }
        } else {
          const step = beat / arpDiv;
          let k = 0;
          for (let t = 0; t < chordLen - 1e-6; t += step, k++) {
            const tones = chordTones;
            let idx: number;
            if (arpPattern === 'up') idx = k % 4;
            else if (arpPattern === 'down') idx = 3 - (k % 4);
            else if (arpPattern === 'updown') idx = [0, 1, 2, 3, 2, 1][k % 6]!;
            else idx = prng.int(0, 3);
            this.note(time + t, step * 0.9, degreeToMidi(tones[idx]!, root + 12), 0.3, harmony, prng);
          }
        }
        // Bass.
        for (let b = 0; b < beatsPerBar * barsPerChord; b++) {
          const on = time + b * beat;
          const r = chordRoot;
          switch (bassPattern) {
            case 'roots':
              if (b % 2 === 0) this.note(on, beat * 1.8, degreeToMidi(r, root), 0.7, bass, prng);
              break;
            case 'octaves':
              this.note(on, beat * 0.45, degreeToMidi(r, root), 0.7, bass, prng);
              this.note(on + beat / 2, beat * 0.45, degreeToMidi(r, root) + 12, 0.55, bass, prng);
              break;
            case 'eighths':
              this.note(on, beat * 0.45, degreeToMidi(r, root), 0.6, bass, prng);
              this.note(on + beat / 2, beat * 0.45, degreeToMidi(r, root), 0.5, bass, prng);
              break;
            case 'walking':
              this.note(on, beat * 0.9, degreeToMidi(r + [0, 2, 4, 5][b % 4]!, root), 0.65, bass, prng);
              break;
            default:
              if (b % 2 === 0) this.note(on, beat * 0.7, degreeToMidi(r, root), 0.7, bass, prng);
              else this.note(on + beat * 0.5, beat * 0.4, degreeToMidi(r + 4, root), 0.55, bass, prng);
          }
        }
        // Melody: the section motif, shifted to the chord, with small mutations.
        for (let rep = 0; rep * motifLength(motif, beatsPerBar) * beat < chordLen - 1e-6; rep++) {
          const repStart = time + rep * motifLength(motif, beatsPerBar) * beat;
          melodyDegree = chordRoot + prng.pick([0, 2, 4]);
          for (const m of motif) {
            if (repStart + m.on * beat >= time + chordLen) break;
            melodyDegree += m.step + (prng.next() < 0.15 ? prng.int(-1, 1) : 0);
            melodyDegree = max(-3, min(11, melodyDegree));
            const swingShift = swing && (m.on * 2) % 2 === 1 ? swing * beat : 0;
            this.note(
              repStart + m.on * beat + swingShift,
              m.len * beat * 0.9,
              degreeToMidi(melodyDegree, leadOctave),
              0.55,
              lead,
              prng,
            );
          }
        }
        // Counter melody on plucks: sparse chord tones an octave up.
        if (counter >= 0 && label !== 'A') {
          for (let t = 0; t < chordLen - 1e-6; t += beat) {
            if (prng.next() < 0.5)
              this.note(
                time + t + beat / 2,
                beat * 0.4,
                degreeToMidi(prng.pick(chordTones) + 7, root + 24),
                0.35,
                counter,
                prng,
              );
          }
        }
        // Drums.
        if (hasDrums) {
          for (let b = 0; b < beatsPerBar * barsPerChord; b++) {
            const on = time + b * beat;
            const inBar = b % beatsPerBar;
            const kickOn =
              drumStyle === 'four' ||
              (drumStyle === 'backbeat' && inBar % 2 === 0) ||
              (drumStyle === 'halftime' && inBar === 0) ||
              (drumStyle === 'shuffle' && inBar % 2 === 0) ||
              (drumStyle === 'breaks' && prng.next() < 0.45);
            if (kickOn) this.note(on, 0.1, 0, 0.9, kick, prng);
            if (drumStyle === 'breaks' && prng.next() < 0.3) this.note(on + beat * 0.75, 0.1, 0, 0.7, kick, prng);
            const snareOn = drumStyle === 'halftime' ? inBar === 2 : inBar % 2 === 1;
            if (snareOn) this.note(on, 0.1, 0, 0.8, snare, prng);
            for (let h = 0; h < hatDiv; h++) {
              const hOn = on + (h * beat) / hatDiv + (swing && h % 2 === 1 ? swing * beat : 0);
              this.note(
                hOn,
                0.05,
                0,
                0.35 + 0.25 * prng.next(),
                h === hatDiv - 1 && prng.next() < 0.1 ? openHat : hat,
                prng,
              );
            }
          }
          if (prng.next() < 0.25) {
            for (let k = 0; k < 4; k++)
              this.note(time + chordLen - beat + (k * beat) / 4, 0.15, 0, 0.6, tom, prng, 1 + 0.15 * (3 - k));
          }
        }
        time += chordLen;
      }
      section++;
    }
    this.notes.sort((a, b) => a.start - b.start);
    this.info.noteCount = this.notes.length;

    // Per-song mix.
    const mix = (v: number, g: number): void => {
      if (v >= 0) this.voices[v]!.gain = g;
    };
    mix(lead, prng.range(0.25, 0.45));
    mix(bass, prng.range(0.35, 0.55));
    mix(harmony, prng.range(0.12, 0.25));
    mix(counter, prng.range(0.15, 0.25));
    const drumLevel = prng.range(0.4, 0.8);
    mix(kick, drumLevel);
    mix(snare, drumLevel * 0.6);
    mix(hat, drumLevel * 0.25);
    mix(openHat, drumLevel * 0.2);
    mix(tom, drumLevel * 0.5);
  }

  get duration(): number {
    return this.info.duration;
  }

  private addVoice(v: Voice): number {
    this.voices.push(v);
    return this.voices.length - 1;
  }

  private note(
    start: number,
    duration: number,
    midiOrZero: number,
    velocity: number,
    voice: number,
    prng: Prng,
    pitchMul = 1,
  ): void {
    if (start >= this.info.duration) return;
    const v = this.voices[voice]!;
    const freq = v.kind === 'drum' ? v.pitch * pitchMul : midiToHz(midiOrZero);
    this.notes.push({
      start: start + prng.range(0, 0.004), // human timing
      duration,
      freq,
      velocity: velocity * prng.range(0.85, 1.1),
      voice,
      seed: prng.nextU32(),
    });
  }

  /**
   * Render `length` seconds from `start` seconds at `sampleRate` (mono, float); `pitch`
   * multiplies every note's frequency without changing its timing (an ideal pitch shift).
   */
  render(sampleRate: number, start = 0, length = this.info.duration - start, pitch = 1): Float32Array {
    const n = max(0, round(length * sampleRate));
    const out = new Float32Array(n);
    const w0 = round(start * sampleRate);
    const w1 = w0 + n;
    for (const note of this.notes) {
      const v = this.voices[note.voice]!;
      const n0 = round(note.start * sampleRate);
      if (n0 >= w1) break;
      const len = ceil(noteLength(v, note) * sampleRate);
      if (n0 + len <= w0) continue;
      renderNote(v, pitch === 1 ? note : { ...note, freq: note.freq * pitch }, sampleRate, n0, len, out, w0);
    }
    // Gentle master saturation (stateless, so windows stay consistent).
    for (let i = 0; i < n; i++) out[i] = tanh(out[i]! * 1.2) * 0.7;
    return out;
  }
}

function motifLength(motif: { on: number; len: number }[], beatsPerBar: number): number {
  const end = motif.reduce((m, x) => max(m, x.on + x.len), 0);
  return max(beatsPerBar, ceil(end / beatsPerBar) * beatsPerBar);
}

function noteLength(v: Voice, note: Note): number {
  switch (v.kind) {
    case 'table':
    case 'fm':
      return note.duration + v.release * 5;
    case 'pluck':
      return min(3, 0.4 + 1.6 * (1 - v.damping));
    case 'drum':
      return v.decay * 6;
  }
}

/** Render one note starting at absolute sample n0 into `out` whose first sample is w0. */
function renderNote(v: Voice, note: Note, sr: number, n0: number, len: number, out: Float32Array, w0: number): void {
  const from = max(0, w0 - n0); // first sample of the note inside the window
  const to = min(len, w0 + out.length - n0);
  const amp = note.velocity * v.gain;
  const gateEnd = round(note.duration * sr);
  switch (v.kind) {
    case 'table': {
      const inc = (note.freq * TABLE_SIZE) / sr;
      let ph1 = (note.seed & 0xfff) as number;
      let ph2 = ((note.seed >>> 12) & 0xfff) as number;
      let vibPh = 0;
      const vibInc = (v.vibratoRate * TABLE_SIZE) / sr;
      const attackS = max(1, v.attack * sr);
      const decayK = exp(-1 / (v.decay * sr));
      const releaseK = exp(-1 / (v.release * sr));
      let env = 0;
      let bright = 1;
      for (let i = 0; i < to; i++) {
        if (i < attackS) env = i / attackS;
        else if (i < gateEnd) env = v.sustain + (env - v.sustain) * decayK;
        else env *= releaseK;
        bright *= decayK;
        const vib = v.vibratoDepth ? 1 + v.vibratoDepth * SINE[floor(vibPh) & (TABLE_SIZE - 1)]! : 1;
        vibPh += vibInc;
        ph1 += inc * vib;
        if (ph1 >= TABLE_SIZE) ph1 -= TABLE_SIZE;
        ph2 += inc * vib * v.detune;
        if (ph2 >= TABLE_SIZE) ph2 -= TABLE_SIZE;
        if (i < from) continue;
        const i1 = ph1 | 0;
        const i2 = ph2 | 0;
        const b = v.bright[i1]! * bright + v.dull[i1]! * (1 - bright);
        const s = v.detune !== 1 ? 0.5 * (b + v.bright[i2]! * bright + v.dull[i2]! * (1 - bright)) : b;
        out[n0 + i - w0]! += s * env * amp;
      }
      break;
    }
    case 'fm': {
      const inc = (note.freq * TABLE_SIZE) / sr;
      let pc = 0;
      let pm = 0;
      const attackS = max(1, v.attack * sr);
      const decayK = exp(-1 / (v.decay * sr));
      const idxK = exp(-1 / (v.indexDecay * sr));
      const releaseK = exp(-1 / (v.release * sr));
      let env = 0;
      let index = v.index;
      for (let i = 0; i < to; i++) {
        if (i < attackS) env = i / attackS;
        else if (i < gateEnd) env = v.sustain + (env - v.sustain) * decayK;
        else env *= releaseK;
        index = 0.3 * v.index + (index - 0.3 * v.index) * idxK;
        pm += inc * v.ratio;
        if (pm >= TABLE_SIZE) pm -= TABLE_SIZE;
        pc += inc;
        if (pc >= TABLE_SIZE) pc -= TABLE_SIZE;
        if (i < from) continue;
        const mod = SINE[pm | 0]! * index * (TABLE_SIZE / (2 * PI));
        let p = pc + mod;
        p -= floor(p / TABLE_SIZE) * TABLE_SIZE;
        out[n0 + i - w0]! += SINE[p | 0]! * env * amp;
      }
      break;
    }
    case 'pluck': {
      const period = max(2, round(sr / note.freq));
      const buf = new Float32Array(period);
      const noise = new Prng(note.seed);
      for (let i = 0; i < period; i++) buf[i] = noise.next() * 2 - 1;
      const a = 0.5 + 0.5 * (1 - v.damping) * 0.98;
      let prev = 0;
      for (let i = 0; i < to; i++) {
        const k = i % period;
        const s = buf[k]!;
        const next = a * s + (1 - a) * prev;
        prev = s;
        buf[k] = next * 0.996;
        if (i >= from) out[n0 + i - w0]! += s * amp * 0.8;
      }
      break;
    }
    case 'drum': {
      const noise = new Prng(note.seed);
      const decayK = exp(-1 / (v.decay * sr));
      let env = 1;
      let ph = 0;
      let hp = 0;
      let lastN = 0;
      let lp = 0;
      for (let i = 0; i < to; i++) {
        env *= decayK;
        const t = i / sr;
        let s = 0;
        switch (v.drum) {
          case 'kick':
          case 'tom': {
            const f = note.freq * (1 + (v.drum === 'kick' ? 2.5 : 0.6) * exp(-t / 0.03));
            ph += f / sr;
            s = sin(2 * PI * ph) * env;
            if (i < sr * 0.003) s += (noise.next() - 0.5) * 0.5;
            break;
          }
          case 'snare':
          case 'clap': {
            const nz = noise.next() * 2 - 1;
            hp = nz - lastN; // crude high-pass: first difference
            lastN = nz;
            lp += 0.5 * (hp - lp);
            ph += note.freq / sr;
            const burst = v.drum === 'clap' ? (t < 0.03 ? (floor(t / 0.01) % 2 === 0 ? 1 : 0.3) : 1) : 1;
            s = (0.7 * lp * env + 0.4 * sin(2 * PI * ph) * exp(-t / 0.04)) * burst;
            break;
          }
          default: {
            const nz = noise.next() * 2 - 1;
            hp = nz - lastN;
            lastN = nz;
            s = hp * 0.5 * env;
          }
        }
        if (i >= from) out[n0 + i - w0]! += s * amp;
      }
      break;
    }
  }
}
