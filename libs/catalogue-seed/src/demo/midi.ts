/**
 * A Standard MIDI File writer, just enough for the demo songs: one track (format 0) with a
 * tempo, program changes and notes on any of the 16 channels. FluidSynth renders it.
 */

export const TICKS_PER_BEAT = 480;

export interface MidiNote {
  channel: number;
  pitch: number;
  velocity: number;
  /** In ticks from the start of the song. */
  start: number;
  duration: number;
}

export interface MidiSong {
  bpm: number;
  /** Channel -> General MIDI program (0-based); channel 9 is the drum kit and needs none. */
  programs: Map<number, number>;
  /** Channel -> volume (controller 7, 0-127): the mix. */
  volumes: Map<number, number>;
  notes: MidiNote[];
}

function varLen(value: number): number[] {
  const bytes = [value & 0x7f];
  let rest = value >> 7;
  while (rest > 0) {
    bytes.unshift((rest & 0x7f) | 0x80);
    rest >>= 7;
  }
  return bytes;
}

interface Event {
  tick: number;
  /** Note-offs sort before note-ons at the same tick, so a repeated note restarts cleanly. */
  order: number;
  bytes: number[];
}

const clamp7 = (x: number): number => Math.max(0, Math.min(127, Math.round(x)));

/** The bytes of a format-0 .mid file. */
export function midiFile(song: MidiSong): Buffer {
  const events: Event[] = [];
  const microsPerBeat = Math.round(60_000_000 / song.bpm);
  events.push({
    tick: 0,
    order: 0,
    bytes: [0xff, 0x51, 0x03, microsPerBeat >> 16, (microsPerBeat >> 8) & 0xff, microsPerBeat & 0xff],
  });
  for (const [channel, program] of song.programs) events.push({ tick: 0, order: 1, bytes: [0xc0 | channel, program] });
  for (const [channel, volume] of song.volumes)
    events.push({ tick: 0, order: 1, bytes: [0xb0 | channel, 7, clamp7(volume)] });
  for (const note of song.notes) {
    const pitch = clamp7(note.pitch);
    const start = Math.max(0, Math.round(note.start));
    const end = Math.max(start + 1, Math.round(note.start + note.duration));
    events.push({ tick: start, order: 3, bytes: [0x90 | note.channel, pitch, Math.max(1, clamp7(note.velocity))] });
    events.push({ tick: end, order: 2, bytes: [0x80 | note.channel, pitch, 0] });
  }
  events.sort((a, b) => a.tick - b.tick || a.order - b.order);
  const body: number[] = [];
  let last = 0;
  for (const event of events) {
    body.push(...varLen(event.tick - last), ...event.bytes);
    last = event.tick;
  }
  body.push(0, 0xff, 0x2f, 0x00);
  const header = Buffer.alloc(14);
  header.write('MThd', 0, 'latin1');
  header.writeUInt32BE(6, 4);
  header.writeUInt16BE(0, 8);
  header.writeUInt16BE(1, 10);
  header.writeUInt16BE(TICKS_PER_BEAT, 12);
  const trackHeader = Buffer.alloc(8);
  trackHeader.write('MTrk', 0, 'latin1');
  trackHeader.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, trackHeader, Buffer.from(body)]);
}
