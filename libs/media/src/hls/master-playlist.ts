/** Minimal M3U8 reading and writing: enough to check and complete what ffmpeg wrote. */

export type AttributeList = Map<string, string>;

export interface MasterVariant {
  attributes: AttributeList;
  uri: string;
}

export interface MasterMedia {
  attributes: AttributeList;
}

export interface MasterPlaylist {
  /** Tags other than STREAM-INF and MEDIA (VERSION, INDEPENDENT-SEGMENTS…), kept as written. */
  headerTags: string[];
  media: MasterMedia[];
  variants: MasterVariant[];
}

export interface MediaPlaylist {
  initUri?: string;
  segments: { uri: string; duration: number }[];
  targetDuration?: number;
  ended: boolean;
}

/** Attributes whose values are quoted strings in the HLS spec (RFC 8216 §4.3.4). */
const QUOTED = new Set([
  'CODECS',
  'AUDIO',
  'VIDEO',
  'SUBTITLES',
  'CLOSED-CAPTIONS',
  'GROUP-ID',
  'NAME',
  'URI',
  'LANGUAGE',
  'CHANNELS',
  'ASSOC-LANGUAGE',
  'INSTREAM-ID',
  'CHARACTERISTICS',
]);

export function parseAttributes(list: string): AttributeList {
  const attributes: AttributeList = new Map();
  const pattern = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g;
  for (const match of list.matchAll(pattern)) {
    const value = match[2]!;
    attributes.set(match[1]!, value.startsWith('"') ? value.slice(1, -1) : value);
  }
  return attributes;
}

export function renderAttributes(attributes: AttributeList): string {
  return [...attributes]
    .map(([k, v]) => (QUOTED.has(k) && !(k === 'CLOSED-CAPTIONS' && v === 'NONE') ? `${k}="${v}"` : `${k}=${v}`))
    .join(',');
}

export function parseMasterPlaylist(text: string): MasterPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('Not an M3U8 playlist');
  const playlist: MasterPlaylist = { headerTags: [], media: [], variants: [] };
  let pending: AttributeList | undefined;
  for (const line of lines.slice(1)) {
    if (!line) continue;
    if (line.startsWith('#EXT-X-STREAM-INF:')) pending = parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length));
    else if (line.startsWith('#EXT-X-MEDIA:'))
      playlist.media.push({ attributes: parseAttributes(line.slice('#EXT-X-MEDIA:'.length)) });
    else if (line.startsWith('#')) playlist.headerTags.push(line);
    else if (pending) {
      playlist.variants.push({ attributes: pending, uri: line });
      pending = undefined;
    }
  }
  return playlist;
}

export function renderMasterPlaylist(playlist: MasterPlaylist): string {
  const out = ['#EXTM3U', ...playlist.headerTags];
  for (const m of playlist.media) out.push(`#EXT-X-MEDIA:${renderAttributes(m.attributes)}`);
  for (const v of playlist.variants) out.push(`#EXT-X-STREAM-INF:${renderAttributes(v.attributes)}`, v.uri);
  return out.join('\n') + '\n';
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const playlist: MediaPlaylist = { segments: [], ended: false };
  let duration: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-MAP:')) playlist.initUri = parseAttributes(line.slice('#EXT-X-MAP:'.length)).get('URI');
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) playlist.targetDuration = Number(line.split(':')[1]);
    else if (line.startsWith('#EXTINF:')) duration = parseFloat(line.slice('#EXTINF:'.length));
    else if (line === '#EXT-X-ENDLIST') playlist.ended = true;
    else if (!line.startsWith('#') && duration !== undefined) {
      playlist.segments.push({ uri: line, duration });
      duration = undefined;
    }
  }
  return playlist;
}
