import { useId } from 'react';
import { EMBED_SERVICES, embedSource } from '@/components/player/embed-url';
import { playsFrom } from '../components/ProcessingStatus';
import { useAddTag } from '../api/lookups/add-tag';
import { useAddVideoGenre } from '../api/lookups/add-video-genre';
import { useGenres } from '../api/lookups/get-genres';
import { useMoods } from '../api/lookups/get-moods';
import { getTags } from '../api/lookups/get-tags';
import { getVideoGenres } from '../api/lookups/get-video-genres';
import { AccessSwitch } from '../components/AccessSwitch';
import { MultiPicker } from '../components/LookupDropdown';
import type { IdTitle, Status } from '../types';

export type VideoFields = {
  title: string;
  description: string;
  yt_link: string;
  genres: IdTitle[];
  moods: IdTitle[];
  videogenres: IdTitle[];
  tags: IdTitle[];
  status: Status;
};

export const EMPTY_VIDEO_FIELDS: VideoFields = {
  title: '',
  description: '',
  yt_link: '',
  genres: [],
  moods: [],
  videogenres: [],
  tags: [],
  status: 0,
};

const ids = (list: IdTitle[]) => list.map((i) => i.id);
export const toIdLists = (v: VideoFields) => ({
  genres: ids(v.genres),
  moods: ids(v.moods),
  videogenres: ids(v.videogenres),
  tags: ids(v.tags),
});

/**
 * The fields the add and edit screens share (spec §2): title, description, embed link,
 * genres, moods, video genres and tags (the last two can be created from their dropdowns),
 * and the access switch. `hasStream`: the video's own ladder is ready; viewers see a video that
 * is on only once it can be played, from its ladder or its link (viewableVideo on the server).
 */
export function VideoForm({
  value,
  onChange,
  hasStream,
}: {
  value: VideoFields;
  onChange: (value: VideoFields) => void;
  hasStream: boolean;
}) {
  const id = useId();
  const genres = useGenres();
  const moods = useMoods();
  const addVideoGenre = useAddVideoGenre();
  const addTag = useAddTag();
  const set = <K extends keyof VideoFields>(key: K, v: VideoFields[K]) => onChange({ ...value, [key]: v });

  return (
    <div className="video-form">
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} value={value.title} onChange={(e) => set('title', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={value.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <EmbedLinkField id={`${id}-link`} value={value.yt_link} onChange={(v) => set('yt_link', v)} />
      <MultiPicker
        label="Genres"
        value={value.genres}
        onChange={(v) => set('genres', v)}
        items={genres.data ?? []}
        staticLoading={genres.isPending}
      />
      <MultiPicker
        label="Moods"
        value={value.moods}
        onChange={(v) => set('moods', v)}
        items={moods.data ?? []}
        staticLoading={moods.isPending}
      />
      <MultiPicker
        label="Video genres"
        value={value.videogenres}
        onChange={(v) => set('videogenres', v)}
        name="videogenres"
        fetcher={getVideoGenres}
        create={(title) => addVideoGenre.mutateAsync(title)}
      />
      <MultiPicker
        label="Tags"
        value={value.tags}
        onChange={(v) => set('tags', v)}
        name="tags"
        fetcher={(q, p, s) => getTags(q, p, s)}
        create={(title) => addTag.mutateAsync(title)}
      />
      <AccessSwitch value={value.status} onChange={(v) => set('status', v)} />
      {value.status === 1 && !hasStream && !value.yt_link.trim() && (
        <p className="muted">Viewers see this video once its transcode is ready.</p>
      )}
    </div>
  );
}

/**
 * The external link (`yt_link`, named for YouTube but any embedded source of spec viewer §1):
 * the services it may come from, and once typed, the one it will play from or that it cannot
 * be played (Save refuses it then).
 */
function EmbedLinkField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const link = value.trim();
  const source = link ? embedSource(link) : null;
  return (
    <div className="field">
      <label htmlFor={id}>Embed link</label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://…"
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="field__hint muted">
        {!link
          ? `${EMBED_SERVICES.join(', ')}, or a video or audio file`
          : source === null
            ? 'The player cannot play this link'
            : playsFrom(source)}
      </p>
    </div>
  );
}
