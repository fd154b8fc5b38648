/**
 * Subtitles and lyrics as staff upload them (WebVTT or SubRip), read into cues and written
 * back as clean WebVTT: UTF-8 only, a size limit, every mistake named with its line, and the
 * cue text reduced to the few tags WebVTT defines (no styles, no HTML, no script).
 */

/** Larger than any real subtitle file (a 3-hour film's SRT is about 150 KB). */
export const SUBTITLE_MAX_BYTES = 512 * 1024;
export const SUBTITLE_MAX_CUES = 10_000;

/** The uploader's mistake, in a sentence staff can act on (answer 400). */
export class SubtitleError extends Error {
  override readonly name = 'SubtitleError';
}

export interface SubtitleCue {
  start: number;
  end: number;
  /** Checked WebVTT cue settings (`align:start line:10%`), or "". */
  settings: string;
  /** Sanitised cue text: plain text with WebVTT's own tags only. */
  text: string;
}

export interface ParsedSubtitles {
  format: 'vtt' | 'srt';
  cues: SubtitleCue[];
  /** The cues as a WebVTT file, sorted by start time. */
  vtt: string;
}

const TIME = String.raw`(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^${TIME}\s*-->\s*${TIME}(?:\s+(.*))?$`);
/** Cue settings WebVTT defines, each with the values it allows. */
const SETTINGS: Record<string, RegExp> = {
  vertical: /^(rl|lr)$/,
  line: /^-?\d{1,3}(\.\d+)?%?(,(start|center|end))?$/,
  position: /^\d{1,3}(\.\d+)?%(,(line-left|center|line-right))?$/,
  size: /^\d{1,3}(\.\d+)?%$/,
  align: /^(start|center|end|left|right)$/,
};
/** Tags a cue may carry (WebVTT §4.2.2) and what may follow the name. */
const TAG = /^<(\/?)(b|i|u|c|v|lang|ruby|rt)((?:\.[A-Za-z0-9_-]+)*)(?:[ \t]+([^<>]*))?>$/;
const TIMESTAMP_TAG = /^<(\d{1,3}:)?[0-5]?\d:[0-5]\d\.\d{3}>$/;
/** Elements whose content is dropped along with them. */
const DROPPED_CONTENT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const ENTITY = /^&(amp|lt|gt|nbsp|lrm|rlm|#\d{1,7}|#x[0-9a-f]{1,6});/i;

function seconds(match: RegExpExecArray, offset: number): number {
  const [h, m, s, ms] = [match[offset], match[offset + 1], match[offset + 2], match[offset + 3]];
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms!.padEnd(3, '0')) / 1000;
}

export function formatVttTime(value: number): string {
  const ms = Math.round(value * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Reads the bytes as UTF-8 text (a BOM is dropped); anything else is refused with its line. */
function decode(bytes: Buffer): string {
  if (bytes.length === 0) throw new SubtitleError('The file is empty');
  if (bytes.length > SUBTITLE_MAX_BYTES) {
    throw new SubtitleError(`The file is larger than ${SUBTITLE_MAX_BYTES / 1024} KB`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const loose = new TextDecoder('utf-8').decode(bytes);
    const line = loose.slice(0, loose.indexOf('\uFFFD')).split('\n').length;
    throw new SubtitleError(`Line ${line}: the file is not UTF-8 text (save it as UTF-8 and upload it again)`);
  }
  text = text.replace(/^\uFEFF/, '');
  const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.exec(text);
  if (control) {
    const line = text.slice(0, control.index).split('\n').length;
    throw new SubtitleError(`Line ${line}: the file holds control characters; it is not a subtitles file`);
  }
  return text;
}

function checkSettings(raw: string | undefined, line: number): string {
  if (!raw?.trim()) return '';
  const kept: string[] = [];
  for (const setting of raw.trim().split(/\s+/)) {
    const [name, value] = setting.split(':', 2) as [string, string | undefined];
    if (value === undefined || !SETTINGS[name]?.test(value)) {
      throw new SubtitleError(`Line ${line}: unknown cue setting "${setting.slice(0, 40)}"`);
    }
    kept.push(`${name}:${value}`);
  }
  return kept.join(' ');
}

/** Escapes `&`, `<` and `>` that are not part of an entity WebVTT knows. */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '&') {
      const entity = ENTITY.exec(text.slice(i));
      if (entity) {
        out += entity[0];
        i += entity[0].length - 1;
      } else out += '&amp;';
    } else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else out += ch;
  }
  return out;
}

/**
 * Cue text with WebVTT's tags only (b, i, u, c, v, lang, ruby, rt and timestamps); every other
 * tag (HTML such as `<font>` of SubRip files, `<script>`, `<img onerror>`) is removed, script
 * and style elements with their content, and SubRip's ASS-style `{\an8}` codes dropped.
 */
export function sanitiseCueText(text: string): string {
  const cleaned = text.replace(DROPPED_CONTENT, '').replace(/\{\\[^}]*\}/g, '');
  let out = '';
  let rest = cleaned;
  while (rest.length > 0) {
    const open = rest.indexOf('<');
    if (open === -1) {
      out += escapeText(rest);
      break;
    }
    out += escapeText(rest.slice(0, open));
    const close = rest.indexOf('>', open);
    const next = rest.indexOf('<', open + 1);
    // A lone `<` (as in "3 < 4") is text: a tag starts with a name, `/` or a digit and holds no `<`.
    if (close === -1 || (next !== -1 && next < close) || !/[A-Za-z0-9/]/.test(rest[open + 1] ?? '')) {
      out += escapeText(rest.slice(open, open + 1));
      rest = rest.slice(open + 1);
      continue;
    }
    const tag = rest.slice(open, close + 1);
    rest = rest.slice(close + 1);
    if (TIMESTAMP_TAG.test(tag)) {
      out += tag;
      continue;
    }
    const match = TAG.exec(tag);
    if (!match) continue;
    const [, slash, name, classes, annotation] = match;
    if (slash) out += `</${name}>`;
    else {
      const note = name === 'v' || name === 'lang' ? annotation?.trim() : undefined;
      out += `<${name}${classes}${note ? ` ${escapeText(note)}` : ''}>`;
    }
  }
  return out
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.replace(/<[^>]*>/g, '').trim() !== '')
    .join('\n');
}

interface Block {
  /** 1-based line number of the block's first line. */
  line: number;
  lines: string[];
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (raw.trim() === '') {
      current = undefined;
      return;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(raw);
  });
  return blocks;
}

function readCue(block: Block, format: 'vtt' | 'srt'): SubtitleCue {
  const example = format === 'srt' ? '00:00:01,000 --> 00:00:04,000' : '00:00:01.000 --> 00:00:04.000';
  const expected = (line: number) => new SubtitleError(`Line ${line}: expected a time range such as ${example}`);
  // An identifier (SubRip: the cue number) may come before the timing line.
  const first = block.lines[0]!.trim();
  let at = 0;
  if (!TIMING.test(first)) {
    if (first.includes('-->') || (format === 'srt' && !/^\d+$/.test(first))) throw expected(block.line);
    at = 1;
  }
  const lineNo = block.line + at;
  const timing = TIMING.exec(block.lines[at]?.trim() ?? '');
  if (!timing) throw expected(lineNo);
  const start = seconds(timing, 1);
  const end = seconds(timing, 5);
  if (end <= start) throw new SubtitleError(`Line ${lineNo}: the cue ends before it starts`);
  const settings = format === 'vtt' ? checkSettings(timing[9], lineNo) : '';
  const body = block.lines.slice(at + 1);
  const arrow = body.findIndex((l) => l.includes('-->'));
  if (arrow !== -1) {
    throw new SubtitleError(`Line ${lineNo + 1 + arrow}: a time range inside a cue's text (a blank line is missing)`);
  }
  const text = sanitiseCueText(body.join('\n'));
  if (!text) throw new SubtitleError(`Line ${lineNo}: the cue has no text`);
  return { start, end, settings, text };
}

/**
 * Parses a WebVTT (starting `WEBVTT`) or SubRip file. NOTE, STYLE and REGION blocks of WebVTT
 * are dropped (an upload brings no CSS); cue settings are kept when WebVTT defines them.
 */
export function parseSubtitles(bytes: Buffer): ParsedSubtitles {
  const text = decode(bytes);
  const format = /^WEBVTT(?:[ \t].*)?(?:\r?\n|\r|$)/.test(text) ? 'vtt' : 'srt';
  if (format === 'srt' && /^WEBVTT/.test(text)) {
    throw new SubtitleError('Line 1: the WEBVTT header must be alone on its line or followed by a space');
  }
  let blocks = blocksOf(text);
  if (format === 'vtt') {
    blocks = blocks.slice(1).filter((b) => !/^(NOTE|STYLE|REGION)(\s|$)/.test(b.lines[0]!));
  }
  if (blocks.length === 0) throw new SubtitleError('The file holds no cues');
  if (blocks.length > SUBTITLE_MAX_CUES) throw new SubtitleError(`The file holds more than ${SUBTITLE_MAX_CUES} cues`);
  const cues = blocks.map((block) => readCue(block, format)).sort((a, b) => a.start - b.start || a.end - b.end);
  const vtt = ['WEBVTT', ''];
  for (const cue of cues) {
    vtt.push(`${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}${cue.settings ? ` ${cue.settings}` : ''}`);
    vtt.push(cue.text, '');
  }
  return { format, cues, vtt: vtt.join('\n') };
}

/**
 * A BCP-47 language tag in its canonical form (`pt-br` → `pt-BR`), or a SubtitleError.
 * Private-use and grandfathered forms are refused: a player menu needs a real language.
 */
export function canonicalLanguageTag(value: string): string {
  const tag = value.trim();
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(tag)) {
    throw new SubtitleError(`"${tag.slice(0, 40)}" is not a language code such as en, fr or pt-BR`);
  }
  try {
    return Intl.getCanonicalLocales(tag)[0]!;
  } catch {
    throw new SubtitleError(`"${tag}" is not a language code such as en, fr or pt-BR`);
  }
}
