import { describe, expect, it } from '@jest/globals';
import {
  canonicalLanguageTag,
  parseSubtitles,
  sanitiseCueText,
  SubtitleError,
  SUBTITLE_MAX_BYTES,
} from './subtitles.js';

const srt = (text: string) => parseSubtitles(Buffer.from(text));
const failure = (text: string | Buffer) => {
  try {
    parseSubtitles(Buffer.isBuffer(text) ? text : Buffer.from(text));
  } catch (error) {
    expect(error).toBeInstanceOf(SubtitleError);
    return (error as Error).message;
  }
  throw new Error('parsed');
};

describe('parseSubtitles', () => {
  it('turns SubRip into WebVTT, cues sorted by time', () => {
    const parsed = srt(
      '1\r\n00:00:05,500 --> 00:00:07,000\r\nSecond\r\n\r\n2\r\n00:00:01,000 --> 00:00:04,250\r\nFirst line\r\nand more\r\n',
    );
    expect(parsed.format).toBe('srt');
    expect(parsed.vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.250\nFirst line\nand more\n\n00:00:05.500 --> 00:00:07.000\nSecond\n',
    );
  });

  it('keeps WebVTT cue settings it defines and drops NOTE and STYLE blocks', () => {
    const parsed = srt(
      'WEBVTT - lyrics\n\nSTYLE\n::cue { color: red }\n\nNOTE hi\n\nintro\n00:01.000 --> 00:02.000 align:start line:10%\n<v Singer>Hello</v>\n',
    );
    expect(parsed.vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:start line:10%\n<v Singer>Hello</v>\n');
  });

  it('names the line of a broken time range, a cue ending before it starts, a missing blank line', () => {
    expect(failure('1\n00:00:01,000 -> 00:00:02,000\nHi\n')).toBe(
      'Line 2: expected a time range such as 00:00:01,000 --> 00:00:04,000',
    );
    expect(failure('1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:09,000 --> 00:00:03,000\nBye\n')).toBe(
      'Line 6: the cue ends before it starts',
    );
    expect(failure('1\n00:00:01,000 --> 00:00:02,000\nHi\n2\n00:00:03,000 --> 00:00:04,000\nBye\n')).toBe(
      "Line 5: a time range inside a cue's text (a blank line is missing)",
    );
    expect(failure('WEBVTT\n\n00:01.000 --> 00:02.000 colour:red\nHi\n')).toBe(
      'Line 3: unknown cue setting "colour:red"',
    );
  });

  it('refuses text that is not UTF-8, binary files, empty and oversized files', () => {
    expect(
      failure(Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCaf'), Buffer.from([0xe9, 0x0a])])),
    ).toMatch(/^Line 3: the file is not UTF-8 text/);
    expect(failure(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toMatch(/^Line 1: /);
    expect(failure('')).toBe('The file is empty');
    expect(failure(Buffer.alloc(SUBTITLE_MAX_BYTES + 1, 'a'))).toMatch(/larger than 512 KB/);
    expect(failure('WEBVTT\n\nNOTE only a note\n')).toBe('The file holds no cues');
  });
});

describe('sanitiseCueText', () => {
  it('keeps WebVTT tags, removes HTML, scripts and ASS codes, escapes the rest', () => {
    expect(sanitiseCueText('{\\an8}<font color="#ff0">Yellow</font> <b>bold</b> <i>it</i>')).toBe(
      'Yellow <b>bold</b> <i>it</i>',
    );
    expect(sanitiseCueText('<script>alert(1)</script>Hi <img src=x onerror=alert(1)>there')).toBe('Hi there');
    expect(sanitiseCueText('Tom & Jerry &amp; 3 < 4 <c.loud.red>LOUD</c> <00:00:01.500>sung')).toBe(
      'Tom &amp; Jerry &amp; 3 &lt; 4 <c.loud.red>LOUD</c> <00:00:01.500>sung',
    );
    expect(sanitiseCueText('<v Ana Lopes>Hi</v>\n<p style="x">   </p>\n<lang pt-BR>Olá</lang>')).toBe(
      '<v Ana Lopes>Hi</v>\n<lang pt-BR>Olá</lang>',
    );
  });
});

describe('canonicalLanguageTag', () => {
  it('canonicalises BCP-47 tags and refuses what is not one', () => {
    expect(canonicalLanguageTag('pt-br')).toBe('pt-BR');
    expect(canonicalLanguageTag('EN')).toBe('en');
    expect(() => canonicalLanguageTag('english')).toThrow(SubtitleError);
    expect(() => canonicalLanguageTag('en/../x')).toThrow(SubtitleError);
  });
});
