import type { Album, AlbumTrack, VideoTrack } from '../types';
import { checkExcerpt, nextExcerptDefaults, type Excerpt } from '../validation';

/** A track added by the wizard: what fill_video_info/ needs and what the form's table shows. */
export type WizardTrack = Pick<
  VideoTrack,
  'track_id' | 'album_id' | 'position' | 'start_time' | 'end_time' | 'track_title' | 'album_title' | 'catalogue_num'
>;

export const WIZARD_STEPS = ['Find album', 'Choose album', 'Choose track', 'Excerpt'] as const;
const LAST_STEP = WIZARD_STEPS.length - 1;

/**
 * Everything the track wizard holds (spec §2). `previous` and `videoDuration` are fixed for
 * its life: they give the excerpt's defaults and its checks.
 */
export type WizardState = {
  step: number;
  /** The album search as typed; `query` is what was searched (null before the first search). */
  text: string;
  query: string | null;
  albumPage: number;
  album: Album | null;
  trackPage: number;
  track: AlbumTrack | null;
  excerpt: Excerpt | null;
  error: string | null;
  previous: WizardTrack | undefined;
  videoDuration: number | null;
};

export type WizardAction =
  | { type: 'type'; text: string }
  | { type: 'search' }
  | { type: 'albumPage'; page: number }
  | { type: 'chooseAlbum'; album: Album }
  | { type: 'trackPage'; page: number }
  | { type: 'chooseTrack'; track: AlbumTrack }
  | { type: 'excerpt'; excerpt: Excerpt }
  | { type: 'reset' }
  | { type: 'go'; step: number }
  | { type: 'back' }
  | { type: 'next' }
  | { type: 'fail'; error: string };

export function initWizard(previous: WizardTrack | undefined, videoDuration: number | null): WizardState {
  return {
    step: 0,
    text: '',
    query: null,
    albumPage: 1,
    album: null,
    trackPage: 1,
    track: null,
    excerpt: null,
    error: null,
    previous,
    videoDuration,
  };
}

/** Which steps can be opened: a step is reached once what it shows has been chosen. */
export function reachedSteps(s: WizardState): boolean[] {
  return [true, s.query !== null, s.album !== null, s.track !== null && s.excerpt !== null];
}

/** Next searches from the first step and otherwise opens the following step once reached. */
export function canGoNext(s: WizardState): boolean {
  return s.step === 0 || (s.step < LAST_STEP && reachedSteps(s)[s.step + 1] === true);
}

function defaults(s: WizardState, track: AlbumTrack): Excerpt {
  return nextExcerptDefaults(s.previous, track.duration, s.videoDuration);
}

function search(s: WizardState): WizardState {
  return { ...s, query: s.text.trim(), albumPage: 1, step: 1 };
}

/**
 * The wizard's transitions. Choosing another album forgets the track and its excerpt;
 * choosing another track starts its excerpt from the defaults (one second after the previous
 * track, the next position), choosing the same one keeps the excerpt being edited.
 */
export function wizardReducer(s: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'type':
      return { ...s, text: action.text };
    case 'search':
      return search(s);
    case 'albumPage':
      return { ...s, albumPage: action.page };
    case 'chooseAlbum': {
      const same = s.album?.id === action.album.id;
      return same
        ? { ...s, album: action.album, step: 2 }
        : { ...s, album: action.album, track: null, excerpt: null, trackPage: 1, step: 2 };
    }
    case 'trackPage':
      return { ...s, trackPage: action.page };
    case 'chooseTrack': {
      const excerpt = s.track?.id === action.track.id && s.excerpt ? s.excerpt : defaults(s, action.track);
      return { ...s, track: action.track, excerpt, error: null, step: 3 };
    }
    case 'excerpt':
      return { ...s, excerpt: action.excerpt, error: null };
    case 'reset':
      return s.track ? { ...s, excerpt: defaults(s, s.track), error: null } : s;
    case 'go':
      return reachedSteps(s)[action.step] ? { ...s, step: action.step } : s;
    case 'back':
      return s.step > 0 ? { ...s, step: s.step - 1 } : s;
    case 'next':
      if (!canGoNext(s)) return s;
      return s.step === 0 ? search(s) : { ...s, step: s.step + 1 };
    case 'fail':
      return { ...s, error: action.error };
  }
}

/** What Save adds to the video, or the message that keeps it from being added. */
export function wizardTrack(s: WizardState): WizardTrack | { error: string } | null {
  const { album, track, excerpt } = s;
  if (!album || !track || !excerpt) return null;
  if (!Number.isInteger(excerpt.position) || excerpt.position < 1) {
    return { error: 'Positions are whole numbers from 1' };
  }
  const problem = checkExcerpt(excerpt, s.previous, s.videoDuration);
  if (problem) return { error: problem };
  return {
    track_id: track.id,
    album_id: album.id,
    position: excerpt.position,
    start_time: excerpt.start,
    end_time: excerpt.end,
    track_title: track.title,
    album_title: album.title,
    catalogue_num: album.catalogue_num,
  };
}
