import { useRef, useState, type ReactNode } from 'react';
import { formatDuration } from '@/lib/format';
import { frameAt } from './storyboard';
import { useStoryboard } from './use-storyboard';

/**
 * The seek bar's preview: hovering or dragging the bar, or moving it with the keys while it has
 * keyboard focus, shows the storyboard frame at that point (when the video has a storyboard),
 * the time, and the name of the track playing there. Wraps the seek bar (`children`).
 */
export function SeekPreview({
  storyboard,
  duration,
  value,
  labelAt,
  children,
}: {
  /** Address of the storyboard's WebVTT index, or empty. */
  storyboard?: string;
  duration: number;
  /** The seek bar's value (shown while it is moved with the keys). */
  value: number;
  /** The name of what plays at a time (the track), if anything. */
  labelAt?: (seconds: number) => string | undefined;
  children: ReactNode;
}) {
  const frames = useStoryboard(storyboard);
  const box = useRef<HTMLDivElement>(null);
  const [pointer, setPointer] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [keyboard, setKeyboard] = useState(false);

  const fractionOf = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
  };

  const known = Number.isFinite(duration) && duration > 0;
  const fraction = pointer ?? (keyboard || dragging ? value / (known ? duration : 1) : null);
  const shown = known && fraction !== null;
  const time = shown ? fraction * duration : 0;
  const frame = shown ? frameAt(frames, time) : undefined;
  const label = shown ? labelAt?.(time) : undefined;
  const width = frame?.w ?? 160;
  const boxWidth = box.current?.getBoundingClientRect().width ?? 0;
  const left = Math.min(Math.max(fraction ?? 0, 0) * boxWidth, boxWidth - width / 2);

  return (
    <div
      ref={box}
      className="player__seek-wrap"
      onPointerMove={(e) => setPointer(fractionOf(e.clientX))}
      onPointerLeave={() => setPointer(null)}
      onPointerDown={() => setDragging(true)}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      onKeyDown={() => setKeyboard(true)}
      onFocus={(e) => setKeyboard(e.target.matches(':focus-visible'))}
      onBlur={() => setKeyboard(false)}
    >
      {children}
      {shown && (
        <div
          className="seek-preview"
          data-testid="seek-preview"
          aria-hidden="true"
          style={{ left: `${Math.max(width / 2, left)}px`, width: `${width}px` }}
        >
          {frame && (
            <div
              className="seek-preview__frame"
              style={{
                width: `${frame.w}px`,
                height: `${frame.h}px`,
                backgroundImage: `url("${frame.sheet}")`,
                backgroundPosition: `-${frame.x}px -${frame.y}px`,
              }}
            />
          )}
          <span className="seek-preview__time">{formatDuration(time)}</span>
          {label && <span className="seek-preview__label">{label}</span>}
        </div>
      )}
    </div>
  );
}
