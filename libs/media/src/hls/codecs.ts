/**
 * RFC 6381 codec strings for the master playlist. ffmpeg writes CODECS for the renditions
 * it encodes but leaves it out for a remuxed (copied) stream, and some players (Safari,
 * smart TVs) then refuse or mis-pick the variant.
 */

/** Reads `avc1.PPCCLL` from the avcC box of an fMP4 init segment (the exact bytes the decoder sees). */
export function avcCodecFromInitSegment(init: Uint8Array): string | undefined {
  const tag = Buffer.from('avcC');
  const at = Buffer.from(init.buffer, init.byteOffset, init.byteLength).indexOf(tag);
  // Box payload: configurationVersion, AVCProfileIndication, profile_compatibility, AVCLevelIndication.
  if (at < 0 || at + 8 > init.length || init[at + 4] !== 1) return undefined;
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}

/** Fallback from ffprobe's profile name and level (constraint flags as encoders usually set them). */
export function avcCodecFromProfile(profile: string | undefined, level: number | undefined): string | undefined {
  const table: Record<string, [number, number]> = {
    'Constrained Baseline': [66, 0xc0],
    Baseline: [66, 0x00],
    Main: [77, 0x00],
    High: [100, 0x00],
  };
  const entry = profile ? table[profile] : undefined;
  if (!entry || !level || level <= 0) return undefined;
  return `avc1.${hex(entry[0])}${hex(entry[1])}${hex(level)}`;
}

/** The ladder always encodes its audio with the native AAC encoder, which writes AAC-LC. */
export const AAC_LC_CODEC = 'mp4a.40.2';

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
