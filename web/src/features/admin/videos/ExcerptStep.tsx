import { useEffect, useRef, useState } from 'react';
import { toMessage } from '@/lib/api/client';
import { formatDuration } from '@/lib/format';
import { useWaveform, type WaveformSource } from '../api/videos/get-waveform';
import { MediaPreview, type MediaSource } from '../components/MediaPreview';
import { SKIP_SECONDS } from '../messages';
import type { AlbumTrack } from '../types';
import type { Excerpt } from '../validation';
import { formatClock, keyStep, parseClock, toTenths } from './clock';
import { ExcerptTimeline } from './ExcerptTimeline';

/**
 * Step 4: the player, and the video's timeline with its audio's waveform (drawn once by the
 * worker) on which the excerpt's start and end are dragged or moved with the keyboard. Moving
 * a bound seeks the player there; the skip buttons jump 10 s; Mark start / Mark end take the
 * player's time; the bounds are typed as m:ss with tenths.
 */
export function ExcerptStep({
  track,
  excerpt,
  onChange,
  videoDuration,
  videoSource,
  waveformSource,
}: {
  track: AlbumTrack;
  excerpt: Excerpt;
  onChange: (excerpt: Excerpt) => void;
  videoDuration: number | null;
  videoSource: MediaSource | null;
  /** Whose audio to draw on the timeline (the upload, or the saved video); none without a video. */
  waveformSource: WaveformSource | null;
}) {
  const media = useRef<HTMLMediaElement | null>(null);
  const [time, setTime] = useState(0);
  const source: MediaSource | null =
    videoSource ?? (track.excerpt_url ? { kind: 'audio', src: track.excerpt_url } : null);
  const onVideoTimeline = source !== null && source.kind !== 'audio';
  const wave = useWaveform(waveformSource);
  // Without a known length the slider still needs an end: room past the current excerpt.
  const max = Math.max(1, Math.floor(videoDuration ?? Math.max(3600, excerpt.end + 60)));
  const seek = (seconds: number) => {
    if (media.current && onVideoTimeline) media.current.currentTime = Math.max(0, seconds);
  };
  const setStart = (start: number) => {
    const value = clamp(toTenths(start), 0, max);
    onChange({ ...excerpt, start: value, end: Math.max(excerpt.end, value) });
    seek(value);
  };
  const setEnd = (end: number) => {
    const value = clamp(toTenths(end), 0, max);
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

      <ExcerptTimeline
        max={max}
        start={Math.min(excerpt.start, max)}
        end={Math.min(excerpt.end, max)}
        waveform={wave.waveform}
        status={
          wave.pending
            ? 'Drawing the waveform of the audio…'
            : wave.error
              ? `No waveform: ${toMessage(wave.error)}`
              : waveformSource === null
                ? null
                : 'No waveform for this audio'
        }
        playhead={onVideoTimeline ? time : null}
        onStart={setStart}
        onEnd={setEnd}
        onSeek={onVideoTimeline ? seek : undefined}
      />
      <div className="field-row field-row--3">
        <WholeNumberField
          id="excerpt-position"
          label="Position"
          min={1}
          value={excerpt.position}
          onChange={(position) => onChange({ ...excerpt, position })}
        />
        <ClockField id="excerpt-start" label="Start (m:ss)" value={excerpt.start} max={max} onChange={setStart} />
        <ClockField id="excerpt-end" label="End (m:ss)" value={excerpt.end} max={max} onChange={setEnd} />
      </div>
      <p className="muted" aria-live="polite">
        {formatClock(excerpt.start)} – {formatClock(excerpt.end)} (
        {formatClock(Math.max(0, excerpt.end - excerpt.start))})
        {videoDuration !== null && <> of {formatClock(videoDuration)}</>}
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

/**
 * A time typed as m:ss (tenths allowed, plain seconds too). What is typed stays while it is
 * being typed; it counts on Enter or leaving the field, and an unreadable time is marked and
 * put back. Arrow keys step a tenth (Shift: a second).
 */
function ClockField({
  id,
  label,
  value,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (seconds: number) => void;
}) {
  const [text, setText] = useState(formatClock(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(formatClock(value));
    setInvalid(false);
  }, [value]);
  const commit = () => {
    const seconds = parseClock(text);
    if (seconds === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onChange(seconds);
    setText(formatClock(clamp(seconds, 0, max)));
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
            return;
          }
          if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
          const step = keyStep(e.key, e.shiftKey);
          if (typeof step !== 'number') return;
          e.preventDefault();
          onChange(toTenths(value + step));
        }}
      />
      {invalid && (
        <p id={`${id}-error`} className="field__hint error-text" role="alert">
          Type a time as m:ss, for example 1:05.5
        </p>
      )}
    </div>
  );
}
