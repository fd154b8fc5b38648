import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import {
  type VideoFormValues,
  checkExcerpt,
  isAcceptedImage,
  isValidName,
  moveItem,
  nextExcerptDefaults,
  positionsOf,
  tagsText,
  validateVideoForm,
} from './validation';

const tag = (id: number, title = `t${id}`) => ({ id, title });

describe('new video genre and tag names', () => {
  it.each([
    ['live session', true],
    ['Jazz 2', true],
    ['Ópera', true],
    ['ab', true],
    ['a', false],
    [' a ', false],
    ['भक्ति संगीत', true],
    ['', false],
    ['rock!', false],
    ['hip-hop', false],
    ['tab\there', true], // the api makes it "tab here"
    ['a\u202Eb', false],
  ])('%j valid: %s', (name, valid) => {
    expect(isValidName(name)).toBe(valid);
  });
});

describe('video form checks', () => {
  const full = {
    title: 'Night',
    genres: [tag(1)],
    moods: [tag(2)],
    videogenres: [tag(3)],
    tags: [tag(4)],
    trackCount: 1,
    uploaded: true,
  };

  it('answers the first failing rule in the spec order', () => {
    const empty: VideoFormValues = {
      title: ' ',
      genres: [],
      moods: [],
      videogenres: [],
      tags: [],
      trackCount: 0,
      uploaded: false,
    };
    const order: string[] = [];
    let values: VideoFormValues = { ...empty };
    const mends: Array<Partial<VideoFormValues>> = [
      { title: 'Night' },
      { genres: full.genres },
      { moods: full.moods },
      { videogenres: full.videogenres },
      { tags: full.tags },
      { trackCount: 1 },
      { uploaded: true },
    ];
    for (const mend of mends) {
      order.push(validateVideoForm(values, 'add') ?? 'ok');
      values = { ...values, ...mend };
    }
    order.push(validateVideoForm(values, 'add') ?? 'ok');
    expect(order).toEqual([
      MSG.provideTitle,
      MSG.provideGenre,
      MSG.provideMood,
      MSG.provideVideoGenre,
      MSG.provideTags,
      MSG.addTracks,
      MSG.waitUpload,
      'ok',
    ]);
  });

  it('does not ask for tracks or an upload on edit', () => {
    expect(validateVideoForm({ ...full, trackCount: 0, uploaded: false }, 'edit')).toBeNull();
  });

  it('takes an empty embed link or one the player can play, and refuses another after the tags', () => {
    for (const mode of ['add', 'edit'] as const) {
      expect(validateVideoForm({ ...full, yt_link: '' }, mode)).toBeNull();
      expect(validateVideoForm({ ...full, yt_link: 'https://vimeo.com/1084537' }, mode)).toBeNull();
      expect(validateVideoForm({ ...full, yt_link: 'https://cdn.example.com/clip.webm' }, mode)).toBeNull();
      expect(validateVideoForm({ ...full, yt_link: 'https://example.com/page' }, mode)).toBe(MSG.embedLink);
    }
    expect(validateVideoForm({ ...full, tags: [], yt_link: 'https://example.com/page' }, 'add')).toBe(MSG.provideTags);
    expect(validateVideoForm({ ...full, trackCount: 0, yt_link: 'https://example.com/page' }, 'add')).toBe(
      MSG.embedLink,
    );
  });
});

describe('track wizard', () => {
  it('starts the first excerpt at 0, position 1, as long as the track', () => {
    expect(nextExcerptDefaults(undefined, 95.4, 600)).toEqual({ position: 1, start: 0, end: 95 });
  });

  it('starts the next excerpt one second after the previous end, next position', () => {
    expect(nextExcerptDefaults({ position: 3, end_time: 120 }, 60, 600)).toEqual({ position: 4, start: 121, end: 181 });
  });

  it('keeps the default end inside the video', () => {
    expect(nextExcerptDefaults({ position: 1, end_time: 100 }, 60, 130.7)).toEqual({
      position: 2,
      start: 101,
      end: 130,
    });
  });

  it('refuses an excerpt that overlaps the previous track, first', () => {
    expect(checkExcerpt({ position: 2, start: 50, end: 40 }, { end_time: 60 }, 100)).toBe(MSG.overlap);
    expect(checkExcerpt({ position: 2, start: 60, end: 90 }, { end_time: 60 }, 100)).toBeNull();
    expect(checkExcerpt({ position: 2, start: 70, end: 70 }, { end_time: 60 }, 100)).toBe(MSG.endAfterStart);
    expect(checkExcerpt({ position: 2, start: 70, end: 102 }, { end_time: 60 }, 100)).toBe(MSG.endInsideVideo);
    expect(checkExcerpt({ position: 1, start: 0, end: 5000 }, undefined, null)).toBeNull();
  });
});

describe('drag and drop order', () => {
  const items = [1, 2, 3, 4, 5].map((id) => ({ id, position: id, title: `i${id}` }));

  it('moves the dragged item to the target slot; those between shift by one', () => {
    const down = moveItem(items, 2, 4)!;
    expect(down.items.map((i) => i.id)).toEqual([1, 3, 4, 2, 5]);
    expect(down.items.map((i) => i.position)).toEqual([1, 2, 3, 4, 5]);
    expect([down.from, down.to]).toEqual([2, 4]);
    const up = moveItem(items, 5, 1)!;
    expect(up.items.map((i) => i.id)).toEqual([5, 1, 2, 3, 4]);
  });

  it('keeps the positions of a later page (a page of the hand order)', () => {
    const page = [11, 12, 13].map((position) => ({ id: position * 10, position }));
    const moved = moveItem(page, 130, 110)!;
    expect(moved.items.map((i) => [i.id, i.position])).toEqual([
      [130, 11],
      [110, 12],
      [120, 13],
    ]);
    expect([moved.from, moved.to]).toEqual([13, 11]);
  });

  it('ignores a drop on itself or nowhere', () => {
    expect(moveItem(items, 3, 3)).toBeNull();
    expect(moveItem(items, 3, null)).toBeNull();
  });

  it('sends positions in list order from 1', () => {
    expect(positionsOf([{ id: 9 }, { id: 4 }])).toEqual([
      { id: 9, position: 1 },
      { id: 4, position: 2 },
    ]);
  });
});

describe('tags column', () => {
  it('cuts at 135 characters', () => {
    const tags = Array.from({ length: 30 }, (_, i) => tag(i, `tag number ${i}`));
    const short = tagsText(tags, false);
    expect(short.cut).toBe(true);
    expect(short.text).toHaveLength(138);
    expect(tagsText(tags, true).text).toBe(tags.map((t) => t.title).join(', '));
    expect(tagsText([tag(1, 'jazz')], false)).toEqual({ text: 'jazz', cut: false });
  });
});

describe('image types', () => {
  const file = (name: string, type: string) => new File(['x'], name, { type });
  it('accepts jpeg, png, jpg; svg only where allowed', () => {
    expect(isAcceptedImage(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isAcceptedImage(file('a.png', 'image/png'))).toBe(true);
    expect(isAcceptedImage(file('a.jpeg', ''))).toBe(true);
    expect(isAcceptedImage(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAcceptedImage(file('a.svg', 'image/svg+xml'))).toBe(false);
    expect(isAcceptedImage(file('a.svg', 'image/svg+xml'), true)).toBe(true);
  });
});
