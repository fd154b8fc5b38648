import { describe, expect, it } from '@jest/globals';
import { chaptersVtt } from './chapters-vtt.js';

const member = (title: string) => ({ id: 1, title, title2: '', merch_url: '', images: null });

describe('chaptersVtt', () => {
  it('writes one cue per track with its artists, in time order, never overlapping', () => {
    const vtt = chaptersVtt([
      { position: 2, title: 'Take <Five>', members: [member('Dave Brubeck')], starts_at: 59.5, ends_at: 3725.25 },
      {
        position: 1,
        title: 'Feeling\n\nGood',
        members: [member('Nina Simone'), member('A & B')],
        starts_at: 0,
        ends_at: 61,
      },
    ]);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:00.000 --> 00:00:59.500',
        'Feeling Good — Nina Simone, A &amp; B',
        '',
        '2',
        '00:00:59.500 --> 01:02:05.250',
        'Take &lt;Five&gt; — Dave Brubeck',
        '',
      ].join('\n'),
    );
  });

  it('is an empty but valid file for a video without tracks', () => {
    expect(chaptersVtt([])).toBe('WEBVTT\n');
  });
});
