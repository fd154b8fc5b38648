import { useRef, useState } from 'react';
import { formatDuration } from '@/lib/format';
import { MediaPreview, type MediaSource } from '../components/MediaPreview';
import { SKIP_SECONDS } from '../messages';
import type { AlbumTrack } from '../types';
import type { Excerpt } from '../validation';

/**
 * Step 4: the player and a two-thumb range slider over the video's timeline. Moving a thumb
 * seeks the player there; the skip buttons jump 10 s; Mark start / Mark end take the player's
 * time.
 */
export function ExcerptStep({
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
        <WholeNumberField
          id="excerpt-position"
          label="Position"
          min={1}
          value={excerpt.position}
          onChange={(position) => onChange({ ...excerpt, position })}
        />
        <WholeNumberField
          id="excerpt-start"
          label="Start (seconds)"
          value={excerpt.start}
          onChange={(start) => onChange({ ...excerpt, start })}
        />
        <WholeNumberField
          id="excerpt-end"
          label="End (seconds)"
          value={excerpt.end}
          onChange={(end) => onChange({ ...excerpt, end })}
        />
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

function WholeNumberField({
  id,
  label,
  min = 0,
  value,
  onChange,
}: {
  id: string;
  label: string;
  min?: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        step={1}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </div>
  );
}
