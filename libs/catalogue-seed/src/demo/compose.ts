import { TICKS_PER_BEAT, type MidiNote, type MidiSong } from './midi.js';

/**
 * Songs composed in code, one style per genre: its own General MIDI instruments, tempo range,
 * keys, harmony, bass line and drum groove. Within a style every song draws its own key,
 * tempo, progression and a melody that never repeats a bar, from its seed, so two songs of one
 * album differ as much as two songs of one real album do, and songs of two genres differ in
 * timbre, tempo and rhythm too.
 */
export type StyleName = 'synthpop' | 'folk' | 'electronic' | 'jazz' | 'rock' | 'classical' | 'bossa' | 'hiphop';

type ChordStyle = 'pad' | 'arpeggio' | 'strum' | 'comp' | 'power' | 'stabs' | 'sustain';
type BassStyle = 'eighths' | 'walking' | 'roots' | 'offbeat' | 'bossa';
type DrumStyle = 'four' | 'backbeat' | 'rock' | 'swing' | 'bossa' | 'boom' | 'none';

interface Style {
  bpm: [number, number];
  /** Tonic pitches a song may be in. */
  tonics: number[];
  scale: number[];
  /** Swing of the off-beat eighth, 0 (straight) to 1/3 (triplet). */
  swing: number;
  leads: number[];
  leadOctave: number;
  chordPrograms: number[];
  chordStyle: ChordStyle;
  bassProgram: number;
  bassStyle: BassStyle;
  drums: DrumStyle;
  /** Scale degrees (0-based) of the chord roots, one per bar. */
  progressions: number[][];
  /** Seventh chords (jazz, bossa). */
  sevenths: boolean;
  /** Notes per bar the melody aims for. */
  density: [number, number];
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];

export const STYLES: Record<StyleName, Style> = {
  synthpop: {
    bpm: [108, 120],
    tonics: [57, 60, 55, 53],
    scale: MINOR,
    swing: 0,
    leads: [81, 80, 84],
    leadOctave: 72,
    chordPrograms: [89, 90, 88],
    chordStyle: 'pad',
    bassProgram: 38,
    bassStyle: 'eighths',
    drums: 'backbeat',
    progressions: [
      [0, 5, 2, 6],
      [0, 3, 5, 4],
      [5, 3, 0, 4],
    ],
    sevenths: false,
    density: [4, 8],
  },
  folk: {
    bpm: [84, 96],
    tonics: [55, 62, 57, 52],
    scale: MAJOR,
    swing: 0,
    leads: [73, 71, 75],
    leadOctave: 72,
    chordPrograms: [25, 24],
    chordStyle: 'arpeggio',
    bassProgram: 32,
    bassStyle: 'roots',
    drums: 'none',
    progressions: [
      [0, 4, 5, 3],
      [0, 3, 0, 4],
      [5, 3, 0, 4],
    ],
    sevenths: false,
    density: [3, 6],
  },
  electronic: {
    bpm: [124, 132],
    tonics: [53, 58, 51, 56],
    scale: DORIAN,
    swing: 0,
    leads: [80, 87, 85],
    leadOctave: 72,
    chordPrograms: [91, 95, 81],
    chordStyle: 'stabs',
    bassProgram: 39,
    bassStyle: 'offbeat',
    drums: 'four',
    progressions: [
      [0, 0, 6, 5],
      [0, 3, 0, 6],
      [0, 5, 3, 4],
    ],
    sevenths: false,
    density: [6, 12],
  },
  jazz: {
    bpm: [96, 112],
    tonics: [58, 63, 53, 60],
    scale: MAJOR,
    swing: 1 / 3,
    leads: [66, 65, 56],
    leadOctave: 67,
    chordPrograms: [0, 4],
    chordStyle: 'comp',
    bassProgram: 32,
    bassStyle: 'walking',
    drums: 'swing',
    progressions: [
      [1, 4, 0, 5],
      [0, 5, 1, 4],
      [2, 5, 1, 4],
    ],
    sevenths: true,
    density: [4, 8],
  },
  rock: {
    bpm: [136, 152],
    tonics: [52, 57, 50, 55],
    scale: MINOR,
    swing: 0,
    leads: [29, 30, 27],
    leadOctave: 64,
    chordPrograms: [29, 30],
    chordStyle: 'power',
    bassProgram: 34,
    bassStyle: 'eighths',
    drums: 'rock',
    progressions: [
      [0, 6, 5, 6],
      [0, 3, 6, 4],
      [0, 5, 6, 0],
    ],
    sevenths: false,
    density: [4, 8],
  },
  classical: {
    bpm: [66, 80],
    tonics: [62, 55, 60, 57],
    scale: MAJOR,
    swing: 0,
    leads: [40, 68, 73],
    leadOctave: 72,
    chordPrograms: [48, 49],
    chordStyle: 'sustain',
    bassProgram: 42,
    bassStyle: 'roots',
    drums: 'none',
    progressions: [
      [0, 3, 4, 0],
      [0, 5, 1, 4],
      [0, 4, 5, 2],
    ],
    sevenths: false,
    density: [3, 6],
  },
  bossa: {
    bpm: [116, 126],
    tonics: [60, 62, 55, 57],
    scale: MAJOR,
    swing: 0,
    leads: [73, 11, 64],
    leadOctave: 72,
    chordPrograms: [24],
    chordStyle: 'strum',
    bassProgram: 32,
    bassStyle: 'bossa',
    drums: 'bossa',
    progressions: [
      [0, 1, 4, 0],
      [1, 4, 0, 5],
      [0, 3, 1, 4],
    ],
    sevenths: true,
    density: [3, 7],
  },
  hiphop: {
    bpm: [82, 92],
    tonics: [56, 51, 58, 53],
    scale: MINOR,
    swing: 0.18,
    leads: [11, 12, 61],
    leadOctave: 72,
    chordPrograms: [4, 5],
    chordStyle: 'comp',
    bassProgram: 33,
    bassStyle: 'offbeat',
    drums: 'boom',
    progressions: [
      [0, 5, 3, 4],
      [0, 0, 5, 6],
      [3, 4, 0, 0],
    ],
    sevenths: true,
    density: [3, 6],
  },
};

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const CH = { lead: 0, chords: 1, bass: 2, extra: 3, drums: 9 } as const;
const BEAT = TICKS_PER_BEAT;

export interface ComposedSong {
  midi: MidiSong;
  bpm: number;
  /** The song's tonic as a note name and mode, for the README and the tests. */
  key: string;
  leadProgram: number;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** A song of about `seconds` in `style`, the same for the same seed. */
export function composeSong(styleName: StyleName, seed: number, seconds: number): ComposedSong {
  const style = STYLES[styleName];
  const rand = random(seed * 7919 + 17);
  const bpm = Math.round(style.bpm[0] + rand() * (style.bpm[1] - style.bpm[0]));
  const tonic = pick(rand, style.tonics) + (rand() < 0.3 ? 2 : 0);
  const progression = pick(rand, style.progressions);
  const lead = pick(rand, style.leads);
  const chordProgram = pick(rand, style.chordPrograms);
  const scale = style.scale;
  const bar = BEAT * 4;
  const bars = Math.ceil((seconds * bpm) / 240) + 1;
  const notes: MidiNote[] = [];
  const swing = (tick: number): number => (tick % BEAT === BEAT / 2 ? tick + (style.swing * BEAT) / 2 : tick);
  const add = (channel: number, pitch: number, velocity: number, start: number, duration: number) =>
    notes.push({ channel, pitch, velocity: velocity * (0.9 + rand() * 0.2), start: swing(start), duration });
  const degreePitch = (degree: number, base: number): number => {
    const octave = Math.floor(degree / 7);
    return base + scale[((degree % 7) + 7) % 7]! + 12 * octave;
  };
  const chordTones = (root: number): number[] =>
    [0, 2, 4, ...(style.sevenths ? [6] : [])].map((step) => degreePitch(root + step, tonic));

  let melodyDegree = 7 + pick(rand, [0, 2, 4]);
  for (let b = 0; b < bars; b++) {
    const t0 = b * bar;
    // A second half with the progression turned around, so the song does not loop every 4 bars.
    const section = Math.floor(b / 8) % 2;
    const root = progression[(b + section * 2) % progression.length]!;
    const tones = chordTones(root);
    const accent = b % 4 === 0 ? 10 : 0;

    switch (style.chordStyle) {
      case 'pad':
      case 'sustain':
        for (const p of tones) add(CH.chords, p, 62 + accent, t0, bar - 10);
        break;
      case 'arpeggio': {
        const order = [0, 1, 2, 1, 2, 0, 1, 2];
        order.forEach((i, k) => add(CH.chords, tones[i]! + (k >= 4 ? 12 : 0), 70, t0 + (k * BEAT) / 2, BEAT));
        break;
      }
      case 'strum':
        for (const hit of [0, 1.5, 3, 4.5, 6]) {
          tones.forEach((p, i) =>
            add(CH.chords, p, 60 + (hit === 0 ? 12 : 0), t0 + (hit * BEAT) / 2 + i * 12, BEAT * 0.7),
          );
        }
        break;
      case 'comp':
        for (const hit of rand() < 0.5 ? [0, 1.5, 2.5] : [0.5, 2, 3.5]) {
          for (const p of tones) add(CH.chords, p, 58, t0 + hit * BEAT, BEAT * 0.8);
        }
        break;
      case 'power': {
        const p = degreePitch(root, tonic - 12);
        for (let k = 0; k < 8; k++)
          for (const q of [p, p + 7, p + 12]) add(CH.chords, q, 84 + accent, t0 + (k * BEAT) / 2, BEAT / 2 - 20);
        break;
      }
      case 'stabs':
        for (const k of [0.5, 1.5, 2.5, 3.5])
          for (const p of tones) add(CH.chords, p + 12, 70, t0 + k * BEAT, BEAT / 3);
        break;
    }

    const bassRoot = degreePitch(root, tonic - 24);
    switch (style.bassStyle) {
      case 'eighths':
        for (let k = 0; k < 8; k++) add(CH.bass, bassRoot + (k === 7 ? 7 : 0), 92, t0 + (k * BEAT) / 2, BEAT / 2 - 20);
        break;
      case 'roots':
        add(CH.bass, bassRoot, 80, t0, BEAT * 2 - 20);
        add(CH.bass, bassRoot + 7, 72, t0 + BEAT * 2, BEAT * 2 - 20);
        break;
      case 'offbeat':
        for (let k = 0; k < 4; k++)
          add(CH.bass, bassRoot + (k === 3 && rand() < 0.5 ? 12 : 0), 96, t0 + k * BEAT + BEAT / 2, BEAT / 2 - 30);
        break;
      case 'walking': {
        const next = degreePitch(progression[(b + 1 + section * 2) % progression.length]!, tonic - 24);
        const line = [
          bassRoot,
          degreePitch(root + 2, tonic - 24),
          degreePitch(root + 4, tonic - 24),
          next + (rand() < 0.5 ? 1 : -1),
        ];
        line.forEach((p, k) => add(CH.bass, p, 88, t0 + k * BEAT, BEAT - 30));
        break;
      }
      case 'bossa':
        for (const [at, p] of [
          [0, bassRoot],
          [1.5, bassRoot + 7],
          [2, bassRoot + 7],
          [3.5, bassRoot],
        ] as const)
          add(CH.bass, p, 84, t0 + at * BEAT, BEAT * 0.45);
        break;
    }

    drumBar(style.drums, t0, b, rand, (pitch, velocity, at) => add(CH.drums, pitch, velocity, at, BEAT / 4));

    // Melody: a new rhythm and contour every bar, on chord tones at the strong beats.
    if (b === 0) continue;
    const count = Math.round(style.density[0] + rand() * (style.density[1] - style.density[0]));
    const slots = 16;
    const onsets = new Set<number>([0]);
    while (onsets.size < Math.min(count, slots)) onsets.add(Math.floor(rand() * slots));
    const sorted = [...onsets].sort((x, y) => x - y);
    sorted.forEach((slot, i) => {
      const strong = slot % 4 === 0;
      if (strong) {
        const targets = [root, root + 2, root + 4].map((d) => d + 7 * Math.round((melodyDegree - d) / 7));
        melodyDegree = targets.reduce((best, d) =>
          Math.abs(d - melodyDegree) < Math.abs(best - melodyDegree) ? d : best,
        );
      } else {
        melodyDegree += pick(rand, [-2, -1, -1, 1, 1, 2, 3, -3]);
      }
      melodyDegree = Math.max(3, Math.min(13, melodyDegree));
      const end = i + 1 < sorted.length ? sorted[i + 1]! : slots;
      const length = ((end - slot) * BEAT) / 4;
      add(
        CH.lead,
        degreePitch(melodyDegree, style.leadOctave - 12 + (tonic % 12)),
        96,
        t0 + (slot * BEAT) / 4,
        length * 0.92,
      );
    });
  }

  return {
    midi: {
      bpm,
      programs: new Map([
        [CH.lead, lead],
        [CH.chords, chordProgram],
        [CH.bass, style.bassProgram],
      ]),
      volumes: new Map([
        [CH.lead, 112],
        [CH.chords, 78],
        [CH.bass, 100],
        [CH.drums, 96],
      ]),
      notes,
    },
    bpm,
    key: `${NOTE_NAMES[tonic % 12]} ${scale === MAJOR ? 'major' : scale === MINOR ? 'minor' : 'dorian'}`,
    leadProgram: lead,
  };
}

const KICK = 36;
const SNARE = 38;
const STICK = 37;
const CLAP = 39;
const HAT = 42;
const OPEN_HAT = 46;
const PEDAL_HAT = 44;
const RIDE = 51;
const CRASH = 49;
const SHAKER = 70;

function drumBar(
  kind: DrumStyle,
  t0: number,
  bar: number,
  rand: () => number,
  hit: (pitch: number, velocity: number, at: number) => void,
): void {
  const at = (beats: number) => t0 + beats * BEAT;
  if (bar % 8 === 0 && kind !== 'none' && kind !== 'swing') hit(CRASH, 90, at(0));
  switch (kind) {
    case 'none':
      return;
    case 'four':
      for (let k = 0; k < 4; k++) {
        hit(KICK, 110, at(k));
        hit(OPEN_HAT, 70, at(k + 0.5));
      }
      for (let k = 0; k < 16; k++) if (k % 2 === 1 || rand() < 0.5) hit(HAT, 50 + (k % 4 === 2 ? 20 : 0), at(k / 4));
      hit(CLAP, 96, at(1));
      hit(CLAP, 96, at(3));
      return;
    case 'backbeat':
      for (const k of [0, 2.5]) hit(KICK, 104, at(k));
      if (rand() < 0.5) hit(KICK, 90, at(2));
      for (const k of [1, 3]) hit(SNARE, 100, at(k));
      for (let k = 0; k < 8; k++) hit(HAT, 64, at(k / 2));
      return;
    case 'rock':
      for (const k of [0, 1.5, 2, 2.5]) hit(KICK, 118, at(k));
      for (const k of [1, 3]) hit(SNARE, 120, at(k));
      for (let k = 0; k < 8; k++) hit(k % 2 ? HAT : OPEN_HAT, 84, at(k / 2));
      if (bar % 4 === 3) for (const k of [3, 3.25, 3.5, 3.75]) hit(SNARE, 100, at(k));
      return;
    case 'swing':
      for (const k of [0, 1, 1 + 2 / 3, 2, 3, 3 + 2 / 3]) hit(RIDE, 70, at(k));
      for (const k of [1, 3]) hit(PEDAL_HAT, 60, at(k));
      if (rand() < 0.4) hit(STICK, 50, at(2 + 2 / 3));
      hit(KICK, 46, at(0));
      return;
    case 'bossa':
      for (const k of [0, 1.5, 2, 3.5]) hit(KICK, 80, at(k));
      for (const k of [0, 0.75, 1.5, 2.5, 3.25]) hit(STICK, 78, at(k));
      for (let k = 0; k < 8; k++) hit(SHAKER, 48, at(k / 2));
      return;
    case 'boom':
      for (const k of [0, 0.75, 2.5]) hit(KICK, 116, at(k));
      for (const k of [1, 3]) hit(SNARE, 112, at(k));
      for (let k = 0; k < 8; k++) hit(HAT, 58 + (k % 2 ? 0 : 16), at(k / 2));
      return;
  }
}
