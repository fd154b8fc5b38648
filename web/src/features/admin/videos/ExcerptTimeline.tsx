import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { Waveform } from '../api/videos/get-waveform';
import { formatClock, keyStep, toTenths } from './clock';

/** Width of the drawing in SVG units; the SVG stretches to the box. */
const DRAW_WIDTH = 1000;

type Bound = 'start' | 'end';

/**
 * The video's timeline with the audio's waveform drawn on it and the excerpt's start and end
 * as two handles: dragged with the pointer, or focused and moved with the keyboard (arrows a
 * tenth of a second, Shift+arrows a second, Page Up/Down ten, Home/End the ends). A click on
 * the waveform moves the player there.
 */
export function ExcerptTimeline({
  max,
  start,
  end,
  waveform,
  status,
  playhead,
  onStart,
  onEnd,
  onSeek,
}: {
  max: number;
  start: number;
  end: number;
  waveform: Waveform | null;
  /** What to say where the waveform would be (being drawn, not available). */
  status: string | null;
  playhead: number | null;
  onStart: (seconds: number) => void;
  onEnd: (seconds: number) => void;
  onSeek?: (seconds: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef<Bound | null>(null);
  const percent = (seconds: number) => `${(Math.min(Math.max(seconds, 0), max) / max) * 100}%`;
  const timeAt = (clientX: number) => {
    const rect = box.current!.getBoundingClientRect();
    return toTenths((Math.min(Math.max(clientX - rect.left, 0), rect.width) / (rect.width || 1)) * max);
  };
  // The bounds as last set here: keys pressed faster than the form re-renders each step from
  // the one before, not from the value of the last render (a step was lost under load).
  const latest = useRef({ start, end });
  latest.current = { start, end };
  const set = (bound: Bound, seconds: number) => {
    latest.current[bound] = seconds;
    (bound === 'start' ? onStart : onEnd)(seconds);
  };

  const grab = (bound: Bound) => (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    dragging.current = bound;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) set(dragging.current, timeAt(e.clientX));
  };
  const release = () => {
    dragging.current = null;
  };
  const keys = (bound: Bound) => (e: KeyboardEvent<HTMLDivElement>) => {
    const step = keyStep(e.key, e.shiftKey);
    if (step === null) return;
    e.preventDefault();
    set(bound, step === 'min' ? 0 : step === 'max' ? max : toTenths(latest.current[bound] + step));
  };

  const handle = (bound: Bound, value: number) => (
    <div
      role="slider"
      tabIndex={0}
      aria-label={bound === 'start' ? 'Excerpt start' : 'Excerpt end'}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={formatClock(value)}
      className={`timeline__handle timeline__handle--${bound}`}
      style={{ left: percent(value) }}
      onPointerDown={grab(bound)}
      onPointerMove={move}
      onPointerUp={release}
      onPointerCancel={release}
      onKeyDown={keys(bound)}
    >
      <span className="timeline__label">{formatClock(value)}</span>
    </div>
  );

  return (
    <div className="timeline">
      <div
        ref={box}
        className="timeline__track"
        data-testid="excerpt-timeline"
        onPointerDown={(e) => onSeek?.(timeAt(e.clientX))}
      >
        {waveform ? (
          <WaveformDrawing waveform={waveform} max={max} />
        ) : (
          status && <p className="timeline__status muted">{status}</p>
        )}
        <div className="timeline__selection" style={{ left: percent(start), right: `calc(100% - ${percent(end)})` }} />
        {playhead !== null && <div className="timeline__playhead" style={{ left: percent(playhead) }} />}
        {handle('start', start)}
        {handle('end', end)}
      </div>
      <div className="timeline__scale muted" aria-hidden="true">
        <span>0:00</span>
        <span>{formatClock(max / 2)}</span>
        <span>{formatClock(max)}</span>
      </div>
    </div>
  );
}

/** The peaks as one mirrored area, scaled so the loudest reaches the top; placed on the timeline. */
function WaveformDrawing({ waveform, max }: { waveform: Waveform; max: number }) {
  const { peaks } = waveform;
  const loudest = Math.max(0.01, ...peaks);
  const span = (Math.min(waveform.duration, max) / max) * DRAW_WIDTH;
  const x = (i: number) => ((i + 0.5) / peaks.length) * (waveform.duration / max) * DRAW_WIDTH;
  const top = peaks.map((p, i) => `${x(i).toFixed(1)},${(50 - (p / loudest) * 48).toFixed(1)}`);
  const bottom = peaks.map((p, i) => `${x(i).toFixed(1)},${(50 + (p / loudest) * 48).toFixed(1)}`).reverse();
  return (
    <svg
      className="timeline__wave"
      viewBox={`0 0 ${DRAW_WIDTH} 100`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Waveform of the audio, ${formatClock(waveform.duration)} long`}
      data-peaks={peaks.length}
      data-span={span.toFixed(0)}
    >
      <polygon points={[...top, ...bottom].join(' ')} />
    </svg>
  );
}
