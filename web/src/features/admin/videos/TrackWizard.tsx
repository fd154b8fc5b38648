import { useReducer, type ComponentProps } from 'react';
import { Img } from '@/components/ui/Img';
import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { formatDuration } from '@/lib/format';
import { imageUrl } from '@/lib/images';
import { useAlbumTracks } from '../api/lookups/get-album-tracks';
import { useAlbums } from '../api/lookups/get-albums';
import type { WaveformSource } from '../api/videos/get-waveform';
import { FormAlert } from '../components/FormAlert';
import { listState } from '../components/ListState';
import type { MediaSource } from '../components/MediaPreview';
import { PickerTable, type PickerColumn } from '../components/Picker';
import { WizardNav, WizardSteps } from '../components/Wizard';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import type { Album, AlbumTrack } from '../types';
import { ExcerptStep } from './ExcerptStep';
import {
  canGoNext,
  initWizard,
  reachedSteps,
  WIZARD_STEPS,
  wizardReducer,
  wizardTrack,
  type WizardAction,
  type WizardState,
  type WizardTrack,
} from './track-wizard-state';

export type { WizardTrack } from './track-wizard-state';

type Dispatch = (action: WizardAction) => void;

/**
 * The track wizard (spec §2): 1 find an album by title or catalogue number, 2 choose it,
 * 3 choose a track, 4 pick the excerpt's start and end with a player and a range slider.
 * Steps can be revisited; the excerpt defaults to one second after the previous track and
 * the next position, and may not overlap the previous track (spec §5). The steps' state and
 * transitions are one reducer (track-wizard-state.ts).
 */
export function TrackWizard({
  previous,
  videoDuration,
  videoSource,
  waveformSource,
  onSave,
  onClose,
}: {
  previous: WizardTrack | undefined;
  videoDuration: number | null;
  /** The video's stream or local file; the excerpt's audio stands in when there is none. */
  videoSource: MediaSource | null;
  /** Whose audio step 4 draws under the excerpt's bounds. */
  waveformSource: WaveformSource | null;
  onSave: (track: WizardTrack) => void;
  onClose: () => void;
}) {
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initWizard(previous, videoDuration));
  const { step, track, excerpt } = state;

  const save = () => {
    const result = wizardTrack(state);
    if (!result) return;
    if ('error' in result) dispatch({ type: 'fail', error: result.error });
    else onSave(result);
  };

  return (
    <Modal title="Add Track" onClose={onClose} className="wizard">
      <WizardSteps
        steps={WIZARD_STEPS}
        step={step}
        reached={reachedSteps(state)}
        onGo={(to) => dispatch({ type: 'go', step: to })}
      />
      {step === 0 && <AlbumSearchStep text={state.text} dispatch={dispatch} />}
      {step === 1 && <AlbumStep state={state} dispatch={dispatch} />}
      {step === 2 && <TrackStep state={state} dispatch={dispatch} />}
      {step === 3 && track && excerpt && (
        <ExcerptStep
          track={track}
          excerpt={excerpt}
          onChange={(next) => dispatch({ type: 'excerpt', excerpt: next })}
          videoDuration={videoDuration}
          videoSource={videoSource}
          waveformSource={waveformSource}
        />
      )}

      {/* Sticky at the bottom of the dialog: Back, Next, Reset and Save never scroll out of view. */}
      <footer className="wizard__footer">
        <FormAlert message={state.error} />
        <WizardNav
          onBack={step > 0 ? () => dispatch({ type: 'back' }) : undefined}
          onNext={step < WIZARD_STEPS.length - 1 ? () => dispatch({ type: 'next' }) : undefined}
          nextDisabled={!canGoNext(state)}
        >
          {step === 3 && (
            <span className="wizard__save">
              <button type="button" className="button button--ghost" onClick={() => dispatch({ type: 'reset' })}>
                Reset
              </button>
              <button type="button" className="button button--primary" onClick={save}>
                Save
              </button>
            </span>
          )}
        </WizardNav>
      </footer>
    </Modal>
  );
}

/** Step 1: an album's title or catalogue number. */
function AlbumSearchStep({ text, dispatch }: { text: string; dispatch: Dispatch }) {
  return (
    <form
      className="wizard__search"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'search' });
      }}
    >
      <div className="field">
        <label htmlFor="wizard-album-search">Album title or catalogue number</label>
        <input
          id="wizard-album-search"
          value={text}
          autoFocus
          onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
        />
      </div>
      <button type="submit" className="button button--primary">
        Find album
      </button>
    </form>
  );
}

const ALBUM_COLUMNS: PickerColumn<Album>[] = [
  {
    header: 'Cover',
    cell: (a) => (
      <Img
        className="wizard__album-cover wizard__album-cover--small"
        src={imageUrl('album', a.id, 300)}
        alt={`Cover of ${a.title}`}
      />
    ),
  },
  { header: 'Album', cell: (a) => a.title },
  { header: 'Genre', cell: (a) => a.genre?.title ?? '' },
  { header: 'Tracks', cell: (a) => a.number_of_tracks },
  { header: 'Duration', cell: (a) => formatDuration(a.duration) },
  { header: 'Catalogue number', cell: (a) => a.catalogue_num },
];

/** Step 2: the albums found, 10 per page (spec §2: genre, tracks, duration, catalogue number). */
function AlbumStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch }) {
  const albums = useAlbums(state.query ?? '', state.albumPage, state.query !== null);
  return (
    <section aria-label="Albums">
      <ChoiceTable
        query={albums}
        rows={albums.data?.albums}
        total={albums.data?.albumsLength}
        emptyText={MSG.noSearchResult}
        noun="album"
        columns={ALBUM_COLUMNS}
        chosen={state.album?.id ?? null}
        onChoose={(album) => dispatch({ type: 'chooseAlbum', album })}
        page={state.albumPage}
        onPage={(page) => dispatch({ type: 'albumPage', page })}
      />
    </section>
  );
}

const TRACK_COLUMNS: PickerColumn<AlbumTrack>[] = [
  { header: '#', cell: (t) => t.position },
  { header: 'Title', cell: (t) => t.title },
  { header: 'Genre', cell: (t) => t.genre },
  { header: 'Composer', cell: (t) => t.composers },
  { header: 'Artists', cell: (t) => t.artists },
  { header: 'Duration', cell: (t) => formatDuration(t.duration) },
];

/** Step 3: the chosen album's tracks, 10 per page. */
function TrackStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch }) {
  const { album } = state;
  const tracks = useAlbumTracks(album?.id ?? null, state.trackPage);
  if (!album) return null;
  return (
    <section aria-label={`Tracks of ${album.title}`}>
      <div className="wizard__album">
        <Img className="wizard__album-cover" src={imageUrl('album', album.id, 300)} alt={`Cover of ${album.title}`} />
        <p className="muted">
          {album.title} · {album.catalogue_num}
        </p>
      </div>
      <ChoiceTable
        query={tracks}
        rows={tracks.data?.tracks}
        total={tracks.data?.tracksLength}
        noun="track"
        columns={TRACK_COLUMNS}
        chosen={state.track?.id ?? null}
        onChoose={(track) => dispatch({ type: 'chooseTrack', track })}
        page={state.trackPage}
        onPage={(page) => dispatch({ type: 'trackPage', page })}
      />
    </section>
  );
}

/** One page of a lookup as a picker table (or its loading, failure or empty state), and the pages. */
function ChoiceTable<T extends { id: number; title: string }>({
  query,
  rows = [],
  total = 0,
  emptyText,
  page,
  onPage,
  ...table
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  rows: T[] | undefined;
  total: number | undefined;
  emptyText?: string;
  page: number;
  onPage: (page: number) => void;
} & Omit<ComponentProps<typeof PickerTable<T>>, 'rows'>) {
  return (
    <>
      {listState(query, rows.length === 0, emptyText) ?? <PickerTable rows={rows} {...table} />}
      <Pagination page={page} pages={Math.ceil(total / ADMIN_PAGE_SIZE)} onChange={onPage} />
    </>
  );
}
