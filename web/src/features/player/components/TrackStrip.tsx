import { useEffect, useRef } from 'react';
import type { Member, VideoTrack } from '@/lib/api/types';
import { TRACK_ITEM_WIDTH_PX } from '@/lib/constants';
import { formatDuration } from '@/lib/format';

function memberNames(members: VideoTrack['members']): string {
  if (!members) return '';
  if (typeof members === 'string') return members;
  return (members as Member[]).map((m) => m.title).join(', ');
}

/** Tracks of a multi-track video: a click seeks to the track's start; follows playback. */
export function TrackStrip({
  tracks,
  active,
  onSeek,
}: {
  tracks: VideoTrack[];
  active: number;
  onSeek: (seconds: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (active < 0 || !list.current) return;
    const item = list.current.children[active] as HTMLElement | undefined;
    if (item) list.current.scrollTo({ left: item.offsetLeft - list.current.offsetLeft, behavior: 'smooth' });
  }, [active]);

  if (tracks.length < 2) return null;
  return (
    <section className="track-strip" aria-label="Tracks">
      <ol ref={list} className="track-strip__list">
        {tracks.map((t, i) => (
          <li key={t.id ?? i} style={{ width: TRACK_ITEM_WIDTH_PX }}>
            <button
              type="button"
              className={`track-strip__item${i === active ? ' is-active' : ''}`}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => onSeek(t.starts_at)}
            >
              <span className="track-strip__pos">{t.position ?? i + 1}</span>
              <span className="track-strip__text">
                <span className="track-strip__title">{t.title}</span>
                <span className="track-strip__sub">{memberNames(t.members)}</span>
              </span>
              <span className="track-strip__time">{formatDuration(t.starts_at)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
