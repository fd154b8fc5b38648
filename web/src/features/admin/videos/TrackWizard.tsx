import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { Img } from '@/components/ui/Img';
import { Pagination } from '@/components/ui/Pagination';
import { toMessage } from '@/lib/api/client';
import { formatDuration } from '@/lib/format';
import { imageUrl } from '@/lib/images';
import { useAlbumTracks } from '../api/lookups/get-album-tracks';
import { useAlbums } from '../api/lookups/get-albums';
import { FormAlert } from '../components/FormAlert';
import { MediaPreview, type MediaSource } from '../components/MediaPreview';
import { ADMIN_PAGE_SIZE, MSG, SKIP_SECONDS } from '../messages';
import type { Album, AlbumTrack, VideoTrack } from '../types';
import { checkExcerpt, nextExcerptDefaults, type Excerpt } from '../validation';

/** A track added by the wizard: what fill_video_info/ needs and what the form's table shows. */
export type WizardTrack = Pick<
  VideoTrack,
  'track_id' | 'album_id' | 'position' | 'start_time' | 'end_time' | 'track_title' | 'album_title' | 'catalogue_num'
>;

const STEPS = ['Find album', 'Choose album', 'Choose track', 'Excerpt'] as const;

/**
 * The track wizard (spec §2): 1 find an album by title or catalogue number, 2 choose it,
 * 3 choose a track, 4 pick the excerpt's start and end with a player and a range slider.
 * Steps can be revisited; the excerpt defaults to one second after the previous track and
 * the next position, and may not overlap the previous track (spec §5).
 */
export function TrackWizard({
  previous,
  videoDuration,
  videoSource,
  onSave,
  onClose,
}: {
  previous: WizardTrack | undefined;
  videoDuration: number | null;
  /** The video's stream or local file; the excerpt's audio stands in when there is none. */
  videoSource: MediaSource | null;
  onSave: (track: WizardTrack) => void;
  onClose: () => void;
}) {
  const [step, setStep] = useState(0);
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [albumPage, setAlbumPage] = useState(1);
  const [album, setAlbum] = useState<Album | null>(null);
  const [trackPage, setTrackPage] = useState(1);
  const [track, setTrack] = useState<AlbumTrack | null>(null);
  const [excerpt, setExcerpt] = useState<Excerpt | null>(null);
  const [error, setError] = useState<string | null>(null);

  const albums = useAlbums(query ?? '', albumPage, query !== null);
  const tracks = useAlbumTracks(album?.id ?? null, trackPage);

  const defaults = (t: AlbumTrack) => nextExcerptDefaults(previous, t.duration, videoDuration);
  const reached = [true, query !== null, album !== null, track !== null && excerpt !== null];

  const search = () => {
    setQuery(text.trim());
    setAlbumPage(1);
    setStep(1);
  };
  const chooseAlbum = (a: Album) => {
    if (album?.id !== a.id) {
      setTrack(null);
      setExcerpt(null);
      setTrackPage(1);
    }
    setAlbum(a);
    setStep(2);
  };
  const chooseTrack = (t: AlbumTrack) => {
    if (track?.id !== t.id) setExcerpt(defaults(t));
    setTrack(t);
    setError(null);
    setStep(3);
  };
  const save = () => {
    if (!album || !track || !excerpt) return;
    if (!Number.isInteger(excerpt.position) || excerpt.position < 1) {
      setError('Positions are whole numbers from 1');
      return;
    }
    const problem = checkExcerpt(excerpt, previous, videoDuration);
    if (problem) {
      setError(problem);
      return;
    }
    onSave({
      track_id: track.id,
      album_id: album.id,
      position: excerpt.position,
      start_time: excerpt.start,
      end_time: excerpt.end,
      track_title: track.title,
      album_title: album.title,
      catalogue_num: album.catalogue_num,
    });
  };

  return (
    <Modal title="Add Track" onClose={onClose} className="wizard">
      <ol className="wizard__steps" aria-label="Steps">
        {STEPS.map((name, i) => (
          <li key={name}>
            <button
              type="button"
              className={`wizard__step${i === step ? ' is-current' : ''}`}
              aria-current={i === step ? 'step' : undefined}
              disabled={!reached[i]}
              onClick={() => setStep(i)}
            >
              {i + 1}. {name}
            </button>
          </li>
        ))}
      </ol>

      {step === 0 && (
        <form
          className="wizard__search"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <div className="field">
            <label htmlFor="wizard-album-search">Album title or catalogue number</label>
            <input id="wizard-album-search" value={text} autoFocus onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit" className="button button--primary">
            Find album
          </button>
        </form>
      )}

      {step === 1 && (
        <section aria-label="Albums">
          {albums.isPending ? (
            <p className="loading">{MSG.loading}</p>
          ) : albums.isError ? (
            <p className="error-text">{toMessage(albums.error)}</p>
          ) : albums.data.albums.length === 0 ? (
            <p className="muted">{MSG.noSearchResult}</p>
          ) : (
            <table className="admin-table admin-table--compact">
              <thead>
                <tr>
                  <th scope="col">Cover</th>
                  <th scope="col">Album</th>
                  <th scope="col">Genre</th>
                  <th scope="col">Tracks</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Catalogue number</th>
                  <th scope="col">
                    <span className="visually-hidden">Choose</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {albums.data.albums.map((a) => (
                  <tr key={a.id} className={album?.id === a.id ? 'is-selected' : undefined}>
                    <td>
                      <Img
                        className="wizard__album-cover wizard__album-cover--small"
                        src={imageUrl('album', a.id, 300)}
                        alt={`Cover of ${a.title}`}
                      />
                    </td>
                    <td>{a.title}</td>
                    <td>{a.genre?.title ?? ''}</td>
                    <td>{a.number_of_tracks}</td>
                    <td>{formatDuration(a.duration)}</td>
                    <td>{a.catalogue_num}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Choose album ${a.title}`}
                        onClick={() => chooseAlbum(a)}
                      >
                        Choose
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pagination
            page={albumPage}
            pages={Math.ceil((albums.data?.albumsLength ?? 0) / ADMIN_PAGE_SIZE)}
            onChange={setAlbumPage}
          />
        </section>
      )}

      {step === 2 && album && (
        <section aria-label={`Tracks of ${album.title}`}>
          <div className="wizard__album">
            <Img
              className="wizard__album-cover"
              src={imageUrl('album', album.id, 300)}
              alt={`Cover of ${album.title}`}
            />
            <p className="muted">
              {album.title} · {album.catalogue_num}
            </p>
          </div>
          {tracks.isPending ? (
            <p className="loading">{MSG.loading}</p>
          ) : tracks.isError ? (
            <p className="error-text">{toMessage(tracks.error)}</p>
          ) : tracks.data.tracks.length === 0 ? (
            <p className="muted">{MSG.noResult}</p>
          ) : (
            <table className="admin-table admin-table--compact">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Title</th>
                  <th scope="col">Genre</th>
                  <th scope="col">Composer</th>
                  <th scope="col">Artists</th>
                  <th scope="col">Duration</th>
                  <th scope="col">
                    <span className="visually-hidden">Choose</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tracks.data.tracks.map((t) => (
                  <tr key={t.id} className={track?.id === t.id ? 'is-selected' : undefined}>
                    <td>{t.position}</td>
                    <td>{t.title}</td>
                    <td>{t.genre}</td>
                    <td>{t.composers}</td>
                    <td>{t.artists}</td>
                    <td>{formatDuration(t.duration)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Choose track ${t.title}`}
                        onClick={() => chooseTrack(t)}
                      >
                        Choose
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pagination
            page={trackPage}
            pages={Math.ceil((tracks.data?.tracksLength ?? 0) / ADMIN_PAGE_SIZE)}
            onChange={setTrackPage}
          />
        </section>
      )}

      {step === 3 && track && excerpt && (
        <ExcerptStep
          track={track}
          excerpt={excerpt}
          onChange={(next) => {
            setExcerpt(next);
            setError(null);
          }}
          videoDuration={videoDuration}
          videoSource={videoSource}
        />
      )}

      <FormAlert message={error} />
      <div className="wizard__nav">
        <button type="button" className="button button--ghost" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </button>
        {step < 3 ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={!reached[step + 1] && step !== 0}
            onClick={() => (step === 0 ? search() : setStep(step + 1))}
          >
            Next
          </button>
        ) : (
          <span />
        )}
      </div>
      {step === 3 && (
        <div className="wizard__save">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              if (track) setExcerpt(defaults(track));
              setError(null);
            }}
          >
            Reset
          </button>
          <button type="button" className="button button--primary" onClick={save}>
            Save
          </button>
        </div>
      )}
    </Modal>
  );
}

/**
 * Step 4: the player and a two-thumb range slider over the video's timeline. Moving a thumb
 * seeks the player there; the skip buttons jump 10 s; Mark start / Mark end take the player's
 * time.
 */
function ExcerptStep({
  track,
  excerpt,
  onChange,
  videoDuration,
  videoSource,
}: {
  track: AlbumTrack;
  excerpt: Excerpt;
  onChange: (excerpt: Excerpt) => void;
  videoDuration: number | null;
  videoSource: MediaSource | null;
}) {
  const media = useRef<HTMLMediaElement | null>(null);
  const [time, setTime] = useState(0);
  const source: MediaSource | null =
    videoSource ?? (track.excerpt_url ? { kind: 'audio', src: track.excerpt_url } : null);
  const onVideoTimeline = source !== null && source.kind !== 'audio';
  // Without a known length the slider still needs an end: room past the current excerpt.
  const max = Math.max(1, Math.floor(videoDuration ?? Math.max(3600, excerpt.end + 60)));
  const seek = (seconds: number) => {
    if (media.current && onVideoTimeline) media.current.currentTime = Math.max(0, seconds);
  };
  const setStart = (start: number) => {
    const value = clamp(Math.round(start), 0, max);
    onChange({ ...excerpt, start: value, end: Math.max(excerpt.end, value) });
    seek(value);
  };
  const setEnd = (end: number) => {
    const value = clamp(Math.round(end), 0, max);
    onChange({ ...excerpt, end: value, start: Math.min(excerpt.start, value) });
    seek(value);
  };
  const skip = (delta: number) => {
    if (!media.current) return;
    media.current.currentTime = Math.max(0, media.current.currentTime + delta);
  };

  return (
    <section className="excerpt" aria-label="Excerpt">
      <p>
        <strong>{track.title}</strong> <span className="muted">({formatDuration(track.duration)})</span>
      </p>
      {source ? (
        <>
          {source.kind === 'audio' && (
            <p className="muted">The video has no stream yet: this is the track&apos;s excerpt.</p>
          )}
          <MediaPreview source={source} title="Excerpt player" mediaRef={media} onTime={setTime} />
          <div className="excerpt__controls">
            <button type="button" className="button button--ghost button--small" onClick={() => skip(-SKIP_SECONDS)}>
              −{SKIP_SECONDS} s
            </button>
            <span className="excerpt__time" aria-label="Player time">
              {formatDuration(time)}
            </span>
            <button type="button" className="button button--ghost button--small" onClick={() => skip(SKIP_SECONDS)}>
              +{SKIP_SECONDS} s
            </button>
            {onVideoTimeline && (
              <>
                <button type="button" className="button button--ghost button--small" onClick={() => setStart(time)}>
                  Mark start
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => setEnd(time)}>
                  Mark end
                </button>
              </>
            )}
          </div>
        </>
      ) : (
        <p className="muted">No player: the video has no stream yet and the track has no excerpt.</p>
      )}

      <div
        className="range"
        style={{
          ['--from' as string]: `${(excerpt.start / max) * 100}%`,
          ['--to' as string]: `${(excerpt.end / max) * 100}%`,
        }}
      >
        <input
          type="range"
          aria-label="Excerpt start"
          min={0}
          max={max}
          step={1}
          value={Math.min(excerpt.start, max)}
          onChange={(e) => setStart(Number(e.target.value))}
        />
        <input
          type="range"
          aria-label="Excerpt end"
          min={0}
          max={max}
          step={1}
          value={Math.min(excerpt.end, max)}
          onChange={(e) => setEnd(Number(e.target.value))}
        />
      </div>
      <div className="field-row field-row--3">
        <div className="field">
          <label htmlFor="excerpt-position">Position</label>
          <input
            id="excerpt-position"
            type="number"
            min={1}
            step={1}
            value={excerpt.position}
            onChange={(e) => onChange({ ...excerpt, position: Number(e.target.value) })}
          />
        </div>
        <div className="field">
          <label htmlFor="excerpt-start">Start (seconds)</label>
          <input
            id="excerpt-start"
            type="number"
            min={0}
            step={1}
            value={excerpt.start}
            onChange={(e) => onChange({ ...excerpt, start: Number(e.target.value) })}
          />
        </div>
        <div className="field">
          <label htmlFor="excerpt-end">End (seconds)</label>
          <input
            id="excerpt-end"
            type="number"
            min={0}
            step={1}
            value={excerpt.end}
            onChange={(e) => onChange({ ...excerpt, end: Number(e.target.value) })}
          />
        </div>
      </div>
      <p className="muted">
        {formatDuration(excerpt.start)} – {formatDuration(excerpt.end)}
        {videoDuration !== null && <> of {formatDuration(videoDuration)}</>}
      </p>
    </section>
  );
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}
