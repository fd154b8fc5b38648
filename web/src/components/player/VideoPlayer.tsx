import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  IconExitFullscreen,
  IconFullscreen,
  IconMute,
  IconNext,
  IconPause,
  IconPlay,
  IconPrev,
  IconVolume,
} from '@/components/ui/icons';
import { CONTROLS_HIDE_MS, DEFAULT_VOLUME } from '@/lib/constants';
import { formatDuration } from '@/lib/format';
import { QualityMenu } from './QualityMenu';
import { SeekPreview } from './SeekPreview';
import { SubtitlesMenu } from './SubtitlesMenu';
import { useHls } from './use-hls';
import { useSubtitles, type SubtitleOption } from './use-subtitles';

export type PlayerHandle = {
  seek: (seconds: number) => void;
  currentTime: () => number;
  play: () => void;
};

const NO_SUBTITLES: SubtitleOption[] = [];

export type PlayerOverlayState = { fullscreen: boolean; playing: boolean };

/**
 * The product's own player (spec viewer §2, §4): hls.js, play/pause, previous, next, seek,
 * volume (0.5) and mute, a quality picker built from the stream's real renditions,
 * fullscreen. While playing the controls hide 1 s after the last pointer or key activity and
 * come back on activity; paused, they stay. Keyboard: Space/K play, ←/→ seek 5 s, ↑/↓ volume,
 * M mute, F fullscreen.
 */
export function VideoPlayer({
  src,
  title,
  poster,
  autoPlay = true,
  onEnded,
  onPrev,
  onNext,
  hasPrev = false,
  hasNext = false,
  onTime,
  onPlaying,
  overlay,
  handle,
  storyboard,
  subtitles = NO_SUBTITLES,
  labelAt,
}: {
  src: string;
  title: string;
  poster?: string;
  autoPlay?: boolean;
  onEnded?: () => void;
  onPrev?: () => void;
  onNext?: () => void;
  hasPrev?: boolean;
  hasNext?: boolean;
  onTime?: (seconds: number) => void;
  /** Fired each time playback (re)starts. */
  onPlaying?: () => void;
  overlay?: (state: PlayerOverlayState) => ReactNode;
  handle?: Ref<PlayerHandle>;
  /** The seek bar's preview frames: address of the storyboard's WebVTT index (empty: none). */
  storyboard?: string;
  /** Subtitles or lyrics, one WebVTT file per language, offered in the Subtitles menu. */
  subtitles?: SubtitleOption[];
  /** The name shown in the seek preview for a time (the track playing there). */
  labelAt?: (seconds: number) => string | undefined;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { levels, level, playingLevel, setLevel, error } = useHls(video, src);
  const words = useSubtitles(video, subtitles);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [controls, setControls] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);

  useImperativeHandle(
    handle,
    () => ({
      seek: (s: number) => {
        if (video.current) video.current.currentTime = s;
      },
      currentTime: () => video.current?.currentTime ?? 0,
      play: () => void video.current?.play().catch(() => undefined),
    }),
    [],
  );

  useEffect(() => {
    if (video.current) video.current.volume = DEFAULT_VOLUME;
  }, []);

  useEffect(() => {
    setTime(0);
    setDuration(0);
  }, [src]);

  const poke = useCallback(() => {
    setControls(true);
    clearTimeout(hideTimer.current);
    if (video.current && !video.current.paused)
      hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => {
    if (!playing) {
      clearTimeout(hideTimer.current);
      setControls(true);
    } else poke();
    return () => clearTimeout(hideTimer.current);
  }, [playing, poke]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };
  const seekBy = (delta: number) => {
    const v = video.current;
    if (v) v.currentTime = Math.min(Math.max(0, v.currentTime + delta), v.duration || v.currentTime + delta);
  };
  const changeVolume = (value: number) => {
    const v = video.current;
    if (!v) return;
    v.volume = Math.min(1, Math.max(0, value));
    v.muted = v.volume === 0;
  };
  const toggleMute = () => {
    if (video.current) video.current.muted = !video.current.muted;
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void box.current?.requestFullscreen?.().catch(() => undefined);
  };

  const shown = controls || !playing;

  return (
    <div
      ref={box}
      className={`player${shown ? '' : ' player--idle'}${fullscreen ? ' player--fullscreen' : ''}`}
      role="region"
      aria-label={`Video player: ${title}`}
      tabIndex={0}
      onMouseMove={poke}
      onTouchStart={poke}
      onFocus={poke}
      onKeyDown={(e) => {
        poke();
        const inField = (e.target as HTMLElement).tagName === 'INPUT';
        const k = e.key.toLowerCase();
        if ((k === ' ' && !(e.target as HTMLElement).closest('button')) || k === 'k') {
          e.preventDefault();
          togglePlay();
        } else if (k === 'arrowleft' && !inField) {
          e.preventDefault();
          seekBy(-5);
        } else if (k === 'arrowright' && !inField) {
          e.preventDefault();
          seekBy(5);
        } else if (k === 'arrowup' && !inField) {
          e.preventDefault();
          changeVolume(volume + 0.05);
        } else if (k === 'arrowdown' && !inField) {
          e.preventDefault();
          changeVolume(volume - 0.05);
        } else if (k === 'm') toggleMute();
        else if (k === 'f') toggleFullscreen();
      }}
    >
      <video
        ref={video}
        className="player__video"
        poster={poster}
        autoPlay={autoPlay}
        playsInline
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
        onPlay={() => setPlaying(true)}
        onPlaying={onPlaying}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          onEnded?.();
        }}
        onTimeUpdate={(e) => {
          setTime(e.currentTarget.currentTime);
          onTime?.(e.currentTarget.currentTime);
        }}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
      >
        {subtitles.map((t) => (
          <track key={t.language} kind="subtitles" src={t.src} srcLang={t.language} label={t.label} />
        ))}
      </video>
      {error && <p className="player__error">{error}</p>}
      {overlay?.({ fullscreen, playing })}
      <div className="player__controls" aria-hidden={!shown || undefined} inert={!shown || undefined}>
        <SeekPreview storyboard={storyboard} duration={duration} value={time} labelAt={labelAt}>
          <input
            className="player__seek"
            type="range"
            min={0}
            max={Number.isFinite(duration) && duration > 0 ? duration : 0}
            step={0.1}
            value={Math.min(time, duration || 0)}
            aria-label="Seek"
            aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
            onChange={(e) => {
              if (video.current) video.current.currentTime = Number(e.target.value);
            }}
            style={{ ['--progress' as string]: `${duration ? (time / duration) * 100 : 0}%` }}
          />
        </SeekPreview>
        <div className="player__bar">
          <button
            type="button"
            className="icon-button"
            aria-label="Previous video"
            disabled={!hasPrev}
            onClick={onPrev}
          >
            <IconPrev />
          </button>
          <button
            type="button"
            className="icon-button player__play"
            aria-label={playing ? 'Pause' : 'Play'}
            onClick={togglePlay}
          >
            {playing ? <IconPause /> : <IconPlay />}
          </button>
          <button type="button" className="icon-button" aria-label="Next video" disabled={!hasNext} onClick={onNext}>
            <IconNext />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={muted ? 'Unmute' : 'Mute'}
            aria-pressed={muted}
            onClick={toggleMute}
          >
            {muted || volume === 0 ? <IconMute /> : <IconVolume />}
          </button>
          <input
            className="player__volume"
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            aria-label="Volume"
            aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
            onChange={(e) => changeVolume(Number(e.target.value))}
          />
          <span className="player__time">
            {formatDuration(time)} / {formatDuration(duration)}
          </span>
          <span className="player__spacer" />
          <SubtitlesMenu options={subtitles} language={words.language} onChange={words.select} />
          <QualityMenu levels={levels} level={level} playingLevel={playingLevel} onChange={setLevel} />
          <button
            type="button"
            className="icon-button"
            aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            onClick={toggleFullscreen}
          >
            {fullscreen ? <IconExitFullscreen /> : <IconFullscreen />}
          </button>
        </div>
      </div>
    </div>
  );
}
