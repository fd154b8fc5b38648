import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import type { Album, AlbumTrack } from '../types';
import {
  canGoNext,
  initWizard,
  reachedSteps,
  wizardReducer,
  wizardTrack,
  type WizardAction,
  type WizardState,
  type WizardTrack,
} from './track-wizard-state';

const album = (id: number, title = `Album ${id}`): Album => ({
  id,
  title,
  catalogue_num: `CU-${id}`,
  genre: null,
  number_of_tracks: 3,
  duration: 600,
});
const track = (id: number, duration = 80): AlbumTrack => ({
  id,
  position: id,
  title: `Track ${id}`,
  genre: '',
  composers: '',
  artists: '',
  duration,
});
const previous: WizardTrack = {
  track_id: 9,
  album_id: 1,
  position: 2,
  start_time: 0,
  end_time: 100,
  track_title: 'Before',
  album_title: 'Album 1',
  catalogue_num: 'CU-1',
};

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
/** A wizard at the excerpt step: searched "cu", chose album 1 and track 1. */
const atExcerpt = (prev: WizardTrack | null = previous) =>
  run(
    initWizard(prev ?? undefined, 600),
    { type: 'type', text: '  cu ' },
    { type: 'search' },
    { type: 'chooseAlbum', album: album(1) },
    { type: 'chooseTrack', track: track(1) },
  );

describe('track wizard steps', () => {
  it('opens on the search with only the first step reachable', () => {
    const s = initWizard(undefined, null);
    expect(s.step).toBe(0);
    expect(reachedSteps(s)).toEqual([true, false, false, false]);
    expect(canGoNext(s)).toBe(true);
  });

  it('searches the trimmed text from page 1, by Find album or by Next', () => {
    const typed = run(initWizard(undefined, null), { type: 'type', text: ' CU-0042 ' }, { type: 'albumPage', page: 3 });
    for (const action of [{ type: 'search' }, { type: 'next' }] as const) {
      const s = wizardReducer(typed, action);
      expect(s).toMatchObject({ step: 1, query: 'CU-0042', albumPage: 1 });
      expect(reachedSteps(s)).toEqual([true, true, false, false]);
    }
  });

  it('does not open a step not reached yet, by its number or by Next', () => {
    const s = run(initWizard(undefined, null), { type: 'search' });
    expect(wizardReducer(s, { type: 'go', step: 3 })).toBe(s);
    expect(canGoNext(s)).toBe(false);
    expect(wizardReducer(s, { type: 'next' })).toBe(s);
  });

  it('moves back and forth between reached steps, keeping the choices', () => {
    const s = atExcerpt();
    const back = run(s, { type: 'back' }, { type: 'back' });
    expect(back).toMatchObject({ step: 1, album: album(1), track: track(1) });
    expect(run(back, { type: 'next' }, { type: 'next' }).step).toBe(3);
    expect(wizardReducer(back, { type: 'go', step: 3 }).step).toBe(3);
    expect(wizardReducer(initWizard(undefined, null), { type: 'back' }).step).toBe(0);
  });

  it('starts the excerpt one second after the previous track, at the next position', () => {
    expect(atExcerpt().excerpt).toEqual({ position: 3, start: 101, end: 181 });
    expect(atExcerpt(null).excerpt).toEqual({ position: 1, start: 0, end: 80 });
  });

  it('keeps the edited excerpt when the same track is chosen again, not for another track', () => {
    const edited = wizardReducer(atExcerpt(), { type: 'excerpt', excerpt: { position: 3, start: 120, end: 150 } });
    expect(wizardReducer(edited, { type: 'chooseTrack', track: track(1) }).excerpt).toEqual({
      position: 3,
      start: 120,
      end: 150,
    });
    expect(wizardReducer(edited, { type: 'chooseTrack', track: track(2, 30) }).excerpt).toEqual({
      position: 3,
      start: 101,
      end: 131,
    });
  });

  it('forgets the track and its excerpt when another album is chosen, not for the same album', () => {
    const s = run(atExcerpt(), { type: 'trackPage', page: 2 });
    const same = wizardReducer(s, { type: 'chooseAlbum', album: album(1) });
    expect(same).toMatchObject({ step: 2, track: track(1), trackPage: 2 });
    const other = wizardReducer(s, { type: 'chooseAlbum', album: album(2) });
    expect(other).toMatchObject({ step: 2, album: album(2), track: null, excerpt: null, trackPage: 1 });
    expect(reachedSteps(other)).toEqual([true, true, true, false]);
  });

  it('Reset returns to the defaults and clears the message', () => {
    const s = run(
      atExcerpt(),
      { type: 'excerpt', excerpt: { position: 7, start: 5, end: 9 } },
      { type: 'fail', error: MSG.overlap },
    );
    expect(s.error).toBe(MSG.overlap);
    expect(wizardReducer(s, { type: 'reset' })).toMatchObject({
      excerpt: { position: 3, start: 101, end: 181 },
      error: null,
    });
  });

  it('an edit of the excerpt clears the message', () => {
    const s = run(atExcerpt(), { type: 'fail', error: MSG.overlap });
    expect(wizardReducer(s, { type: 'excerpt', excerpt: { position: 3, start: 110, end: 120 } }).error).toBeNull();
  });
});

describe('track wizard save', () => {
  it('answers the track with its album and excerpt', () => {
    expect(wizardTrack(atExcerpt())).toEqual({
      track_id: 1,
      album_id: 1,
      position: 3,
      start_time: 101,
      end_time: 181,
      track_title: 'Track 1',
      album_title: 'Album 1',
      catalogue_num: 'CU-1',
    });
  });

  it('answers nothing before a track is chosen', () => {
    expect(wizardTrack(run(initWizard(undefined, null), { type: 'search' }))).toBeNull();
  });

  it.each([
    [{ position: 0, start: 101, end: 181 }, 'Positions are whole numbers from 1'],
    [{ position: 2.5, start: 101, end: 181 }, 'Positions are whole numbers from 1'],
    [{ position: 3, start: 99, end: 181 }, MSG.overlap],
    [{ position: 3, start: 150, end: 150 }, MSG.endAfterStart],
    [{ position: 3, start: 101, end: 700 }, MSG.endInsideVideo],
  ])('refuses %j: %s', (excerpt, error) => {
    expect(wizardTrack(wizardReducer(atExcerpt(), { type: 'excerpt', excerpt }))).toEqual({ error });
  });
});
