import { useId, useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { useToast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toMessage } from '@/lib/api/client';
import { DEBOUNCE_MS } from '@/lib/constants';
import { formatDuration } from '@/lib/format';
import { useAddBannerVideo } from '../api/banners/add-banner-video';
import { usePlaylistsForBanner } from '../api/banners/get-playlists-for-banner';
import { useThemesForBanner } from '../api/banners/get-themes-for-banner';
import { useVideos, type VideoListMode } from '../api/videos/get-videos';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import type { IdTitle, Status, VideoSummary } from '../types';

const STEPS = ['Video', 'Playlist', 'Theme', 'Title and access'] as const;

/**
 * The add-banner wizard (spec §2): choose a video, then one of the playlists holding it, then
 * one of the themes holding that playlist, then the banner's title and access (default off).
 */
export function AddBannerWizard({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [step, setStep] = useState(0);
  const [video, setVideo] = useState<VideoSummary | null>(null);
  const [playlist, setPlaylist] = useState<IdTitle | null>(null);
  const [theme, setTheme] = useState<IdTitle | null>(null);
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<Status>(0);
  const [error, setError] = useState<string | null>(null);
  const add = useAddBannerVideo();
  const toast = useToast();
  const reached = [true, video !== null, playlist !== null, theme !== null];

  return (
    <Modal title="Add Banner" onClose={onClose} className="wizard">
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
        <VideoStep
          chosen={video?.id ?? null}
          onChoose={(v) => {
            if (v.id !== video?.id) {
              setPlaylist(null);
              setTheme(null);
            }
            setVideo(v);
            if (!title) setTitle(v.title);
            setStep(1);
          }}
        />
      )}
      {step === 1 && video && (
        <ChoiceStep
          label="Playlists holding the video"
          empty="The video is in no playlist: add it to one first."
          query={usePlaylistsForBanner}
          param={video.id}
          chosen={playlist?.id ?? null}
          onChoose={(p) => {
            if (p.id !== playlist?.id) setTheme(null);
            setPlaylist(p);
            setStep(2);
          }}
        />
      )}
      {step === 2 && playlist && (
        <ChoiceStep
          label="Themes holding the playlist"
          empty="The playlist is in no theme: add it to one first."
          query={useThemesForBanner}
          param={playlist.id}
          chosen={theme?.id ?? null}
          onChoose={(t) => {
            setTheme(t);
            setStep(3);
          }}
        />
      )}
      {step === 3 && video && playlist && theme && (
        <form
          id={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) {
              setError(MSG.provideTitle);
              return;
            }
            add.mutate(
              { video_id: video.id, playlist_id: playlist.id, group_id: theme.id, title: title.trim(), status },
              {
                onSuccess: () => {
                  toast.show(MSG.bannerAdded);
                  onClose();
                },
                onError: (err) => setError(toMessage(err)),
              },
            );
          }}
        >
          <p className="muted">
            {video.title} · {playlist.title} · {theme.title}
          </p>
          <div className="field">
            <label htmlFor={`${id}-title`}>Banner title</label>
            <input
              id={`${id}-title`}
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                setError(null);
              }}
            />
          </div>
          <AccessSwitch value={status} onChange={setStatus} />
          <FormAlert message={error} />
          <div className="wizard__save">
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
      <div className="wizard__nav">
        <button type="button" className="button button--ghost" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Back
        </button>
        {step < 3 && (
          <button
            type="button"
            className="button button--ghost"
            disabled={!reached[step + 1]}
            onClick={() => setStep(step + 1)}
          >
            Next
          </button>
        )}
      </div>
    </Modal>
  );
}

/** Step 1: find a video by title (or browse all), 10 per page. */
function VideoStep({ chosen, onChoose }: { chosen: number | null; onChoose: (v: VideoSummary) => void }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const mode: VideoListMode = query ? { kind: 'search', query } : { kind: 'normal' };
  const q = useVideos(mode, page);
  return (
    <section aria-label="Videos">
      <input
        type="search"
        className="picker__search"
        aria-label="Search videos"
        placeholder="Search videos"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPage(1);
        }}
      />
      {q.isPending ? (
        <p className="loading">{MSG.loading}</p>
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : q.data.videos.length === 0 ? (
        <p className="muted">{query ? MSG.noSearchResult : MSG.noResult}</p>
      ) : (
        <ul className="picker__list">
          {q.data.videos.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                className={`picker__item${chosen === v.id ? ' is-selected' : ''}`}
                onClick={() => onChoose(v)}
              >
                <span>{v.title}</span>
                <span className="muted">{formatDuration(v.duration)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={Math.ceil((q.data?.videoLength ?? 0) / ADMIN_PAGE_SIZE)} onChange={setPage} />
    </section>
  );
}

/** Steps 2 and 3: pick one entry of a lookup answered for the previous choice. */
function ChoiceStep({
  label,
  empty,
  query,
  param,
  chosen,
  onChoose,
}: {
  label: string;
  empty: string;
  query: (param: number) => { data?: IdTitle[]; isPending: boolean; isError: boolean; error: unknown };
  param: number;
  chosen: number | null;
  onChoose: (item: IdTitle) => void;
}) {
  const q = query(param);
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      {q.isPending ? (
        <p className="loading">{MSG.loading}</p>
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : !q.data || q.data.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="picker__list">
          {q.data.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`picker__item${chosen === item.id ? ' is-selected' : ''}`}
                onClick={() => onChoose(item)}
              >
                {item.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
