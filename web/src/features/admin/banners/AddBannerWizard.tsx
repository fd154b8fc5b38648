import { useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { formatDuration } from '@/lib/format';
import { useAddBannerVideo } from '../api/banners/add-banner-video';
import { usePlaylistsForBanner } from '../api/banners/get-playlists-for-banner';
import { useThemesForBanner } from '../api/banners/get-themes-for-banner';
import { useVideos, type VideoListMode } from '../api/videos/get-videos';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { TitleField } from '../components/FormParts';
import { listState } from '../components/ListState';
import { PickerList, PickerSearch, usePickerSearch } from '../components/Picker';
import { WizardNav, WizardSteps } from '../components/Wizard';
import { useSaveForm } from '../hooks/use-save-form';
import { ADMIN_PAGE_SIZE, MSG } from '../messages';
import type { IdTitle, Status, VideoSummary } from '../types';
import { titleProblem } from '../validation';

const STEPS = ['Video', 'Playlist', 'Theme', 'Title and access'] as const;

/**
 * The add-banner wizard (spec §2): choose a video, then one of the playlists holding it, then
 * one of the themes holding that playlist, then the banner's title and access (default off).
 */
export function AddBannerWizard({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [video, setVideo] = useState<VideoSummary | null>(null);
  const [playlist, setPlaylist] = useState<IdTitle | null>(null);
  const [theme, setTheme] = useState<IdTitle | null>(null);
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<Status>(0);
  const add = useAddBannerVideo();
  const form = useSaveForm();
  const reached = [true, video !== null, playlist !== null, theme !== null];

  return (
    <Modal title="Add Banner" onClose={onClose} className="wizard">
      <WizardSteps steps={STEPS} step={step} reached={reached} onGo={setStep} />

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
          onSubmit={(e) => {
            e.preventDefault();
            if (!form.check(titleProblem(title))) return;
            add.mutate(
              { video_id: video.id, playlist_id: playlist.id, group_id: theme.id, title: title.trim(), status },
              form.saved(MSG.bannerAdded, onClose),
            );
          }}
        >
          <p className="muted">
            {video.title} · {playlist.title} · {theme.title}
          </p>
          <TitleField label="Banner title" value={title} onChange={form.field(setTitle)} />
          <AccessSwitch value={status} onChange={setStatus} />
          <FormAlert message={form.error} />
          <div className="wizard__save">
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
      <WizardNav
        onBack={step > 0 ? () => setStep(step - 1) : undefined}
        onNext={step < 3 ? () => setStep(step + 1) : undefined}
        nextDisabled={!reached[step + 1]}
      />
    </Modal>
  );
}

/** Step 1: find a video by title (or browse all), 10 per page. */
function VideoStep({ chosen, onChoose }: { chosen: number | null; onChoose: (v: VideoSummary) => void }) {
  const { text, query, page, setPage, search } = usePickerSearch();
  const mode: VideoListMode = query ? { kind: 'search', query } : { kind: 'normal' };
  const q = useVideos(mode, page);
  const videos = q.data?.videos ?? [];
  return (
    <section aria-label="Videos">
      <PickerSearch label="Search videos" value={text} onChange={search} />
      {listState(q, videos.length === 0, query ? MSG.noSearchResult : MSG.noResult) ?? (
        <PickerList items={videos} chosen={chosen} onPick={onChoose}>
          {(v) => (
            <>
              <span>{v.title}</span>
              <span className="muted">{formatDuration(v.duration)}</span>
            </>
          )}
        </PickerList>
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
  const items = q.data ?? [];
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      {listState(q, items.length === 0, empty) ?? (
        <PickerList items={items} chosen={chosen} onPick={onChoose}>
          {(item) => item.title}
        </PickerList>
      )}
    </section>
  );
}
