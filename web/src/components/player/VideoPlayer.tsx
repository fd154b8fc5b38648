import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import {
  IconExitFullscreen,
  IconFullscreen,
  IconHeadphones,
  IconKeyboard,
  IconMute,
  IconNext,
  IconPause,
  IconPlay,
  IconPip,
  IconPrev,
  IconReplay,
  IconVolume,
} from '@/components/ui/icons';
import { CONTROLS_HIDE_MS } from '@/lib/constants';
import { formatDuration } from '@/lib/format';
import { switchPoint, useAudioOnly } from './audio-only';
import { readSound, writeSound } from './sound';
import { KeysDialog } from './KeysDialog';
import type { PlayerAction } from './player-keys';
import { QualityMenu } from './QualityMenu';
import { SeekPreview } from './SeekPreview';
import { SubtitlesMenu } from './SubtitlesMenu';
import { useHls } from './use-hls';
import { useSubtitles, type SubtitleOption } from './use-subtitles';
import { usePlayerKeys } from './use-player-keys';

export type PlayerHandle = {
  seek: (seconds: number) => void;
  currentTime: () => number;
  play: () => void;
  pause: () => void;
};

const NO_SUBTITLES: SubtitleOption[] = [];
/** How long "Start over" stays on screen after a video resumed. */
export const START_OVER_MS = 10_000;

export type PlayerOverlayState = { fullscreen: boolean; playing: boolean };

/**
 * The product's own player (spec viewer §2, §4): hls.js, play/pause, previous, next, seek,
 * volume (0.5) and mute, a quality picker built from the stream's real renditions,
 * fullscreen. While playing the controls hide 1 s after the last pointer or key activity and
 * come back on activity; paused, they stay. Keys (player-keys.ts, listed by the "?" dialog) work
 * on the whole page. `startAt` resumes a video with a "Start over" offer; `chapters` attaches a
 * WebVTT chapters track (the video's tracks) for the browser's own and other players; the
 * audio-only switch plays the ladder's sound alone, remembered on the device.
 */
/**
 * When the focus was inside a player as it went (Next, N, the end of a video: each video gets a
 * player of its own), the next player takes it, so a keyboard user is not sent back to the top
 * of the page. Within a moment only: a player opened later on another page does not grab it.
 */
let focusLeftPlayerAt = -Infinity;
const FOCUS_HANDOVER_MS = 3000;
/** A finger lifted without a click (a long press, a scroll): the controls come back after this. */
const REVEAL_WITHOUT_CLICK_MS = 500;

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
  startAt = null,
  chapters,
  onPrevTrack,
  onNextTrack,
  onPause,
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
  /** Resume here (seconds) and offer "Start over". */
  startAt?: number | null;
  /** Address of a WebVTT chapters track. */
  chapters?: string;
  onPrevTrack?: () => void;
  onNextTrack?: () => void;
  onPause?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const words = useSubtitles(video, subtitles);
  const [audioOnly, setAudioOnly] = useAudioOnly();
  // Where the stream starts: the resume point, then wherever the audio-only switch was pressed.
  const [start, setStart] = useState(startAt);
  const [startOver, setStartOver] = useState(Boolean(startAt));
  const [keysOpen, setKeysOpen] = useState(false);
  const [pip, setPip] = useState(false);
  const pipSupported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const { levels, level, playingLevel, setLevel, error } = useHls(video, src, { audioOnly, startAt: start });
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(() => readSound().volume);
  const [muted, setMuted] = useState(() => readSound().muted);
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
      pause: () => video.current?.pause(),
    }),
    [],
  );

  // Layout effects: the cleanup runs while the old player's buttons are still in the page.
  useLayoutEffect(() => {
    const node = box.current;
    if (performance.now() - focusLeftPlayerAt < FOCUS_HANDOVER_MS) node?.focus({ preventScroll: true });
    focusLeftPlayerAt = -Infinity;
    return () => {
      if (node?.contains(document.activeElement)) focusLeftPlayerAt = performance.now();
    };
  }, []);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const sound = readSound();
    v.volume = sound.volume;
    v.muted = sound.muted;
  }, []);

  useEffect(() => {
    setTime(0);
    setDuration(0);
  }, [src]);

  // The pointer on the controls keeps them (and the seek preview) on screen: someone looking
  // at a preview frame holds the mouse still, and the bar used to hide under them after 1 s.
  const onControls = useRef(false);
  // A finger's tap while the controls are hidden only brings them back, as on the phone players
  // people know: the controls stay inert for the whole tap, so its click (and the mouse events
  // and focus the browser makes from it) reach neither a control nor the picture. A mouse or a
  // key shows them at once and acts as before.
  const revealing = useRef(false);
  const revealTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerType = useRef('mouse');
  const poke = useCallback(() => {
    if (revealing.current) return;
    setControls(true);
    clearTimeout(hideTimer.current);
    if (video.current && !video.current.paused && !onControls.current)
      hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => {
    if (!playing) {
      clearTimeout(hideTimer.current);
      setControls(true);
    } else poke();
    return () => clearTimeout(hideTimer.current);
  }, [playing, poke]);
  useEffect(() => () => clearTimeout(revealTimer.current), []);

  useEffect(() => {
    const v = video.current;
    if (!v) return undefined;
    const enter = () => setPip(true);
    const leave = () => setPip(false);
    v.addEventListener('enterpictureinpicture', enter);
    v.addEventListener('leavepictureinpicture', leave);
    return () => {
      v.removeEventListener('enterpictureinpicture', enter);
      v.removeEventListener('leavepictureinpicture', leave);
    };
  }, []);

  useEffect(() => {
    if (!startOver) return undefined;
    const timer = setTimeout(() => setStartOver(false), START_OVER_MS);
    return () => clearTimeout(timer);
  }, [startOver]);

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
  const togglePip = () => {
    if (!pipSupported || !video.current) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.current.requestPictureInPicture().catch(() => undefined);
  };
  const switchAudioOnly = () => {
    setStart(video.current ? switchPoint(video.current.currentTime, video.current.duration) : 0);
    setAudioOnly(!audioOnly);
  };

  usePlayerKeys((action: PlayerAction) => {
    poke();
    switch (action.kind) {
      case 'togglePlay':
        return togglePlay();
      case 'seekBy':
        return seekBy(action.seconds);
      case 'volumeBy':
        return changeVolume(volume + action.step);
      case 'toggleMute':
        return toggleMute();
      case 'toggleFullscreen':
        return toggleFullscreen();
      case 'togglePip':
        return togglePip();
      case 'video':
        return action.step === 1 ? hasNext && onNext?.() : hasPrev && onPrev?.();
      case 'track':
        return action.step === 1 ? onNextTrack?.() : onPrevTrack?.();
      case 'help':
        return setKeysOpen(true);
    }
  });

  const shown = controls || !playing;
  const hideControls = () => {
    clearTimeout(hideTimer.current);
    setControls(false);
  };
  const endReveal = () => {
    clearTimeout(revealTimer.current);
    revealing.current = false;
    poke();
  };
  // Taps decide by the pointer that made them: a finger on the picture shows or hides the
  // controls (the play button pauses), a mouse click pauses and a double click goes fullscreen.
  const onPictureClick = () => {
    if (pointerType.current !== 'touch') togglePlay();
    else if (playing) hideControls();
  };

  return (
    <div
      ref={box}
      className={`player${shown ? '' : ' player--idle'}${fullscreen ? ' player--fullscreen' : ''}`}
      role="region"
      aria-label={`Video player: ${title}`}
      tabIndex={0}
      onMouseMove={poke}
      onFocus={poke}
      onKeyDown={poke}
      onPointerDownCapture={(e) => {
        pointerType.current = e.pointerType;
        if (e.pointerType !== 'touch') return;
        if (shown) poke();
        else {
          clearTimeout(revealTimer.current);
          revealing.current = true;
        }
      }}
      onPointerUpCapture={() => {
        // A long press or a scroll makes no click: the controls come back all the same.
        if (revealing.current) revealTimer.current = setTimeout(endReveal, REVEAL_WITHOUT_CLICK_MS);
      }}
      onPointerCancelCapture={() => {
        if (revealing.current) endReveal();
      }}
      onClickCapture={(e) => {
        if (!revealing.current) return;
        e.stopPropagation();
        e.preventDefault();
        endReveal();
      }}
    >
      <video
        ref={video}
        className="player__video"
        poster={poster}
        autoPlay={autoPlay}
        playsInline
        onClick={onPictureClick}
        onDoubleClick={() => {
          if (pointerType.current !== 'touch') toggleFullscreen();
        }}
        onPlay={() => setPlaying(true)}
        onPlaying={onPlaying}
        onPause={() => {
          setPlaying(false);
          onPause?.();
        }}
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
          const sound = { volume: e.currentTarget.volume, muted: e.currentTarget.muted };
          setVolume(sound.volume);
          setMuted(sound.muted);
          writeSound(sound);
        }}
      >
        {subtitles.map((t) => (
          <track key={t.language} kind="subtitles" src={t.src} srcLang={t.language} label={t.label} />
        ))}
        {chapters && <track kind="chapters" src={chapters} srcLang="en" label="Tracks" default />}
      </video>
      {audioOnly && (
        <p className="player__audio-only" aria-hidden="true">
          Audio only
        </p>
      )}
      {startOver && (
        <button
          type="button"
          className="button player__start-over"
          onClick={() => {
            setStartOver(false);
            if (video.current) video.current.currentTime = 0;
          }}
        >
          <IconReplay size={16} /> Start over
        </button>
      )}
      {error && <p className="player__error">{error}</p>}
      {overlay?.({ fullscreen, playing })}
      <div
        className="player__controls"
        aria-hidden={!shown || undefined}
        inert={!shown || undefined}
        onPointerEnter={(e) => {
          onControls.current = e.pointerType !== 'touch';
          poke();
        }}
        onPointerLeave={() => {
          onControls.current = false;
          poke();
        }}
        onClick={(e) => {
          // The controls' shade covers half a phone's picture: a finger on it, not on a control,
          // is a tap on the picture.
          if (pointerType.current === 'touch' && !(e.target as Element).closest('button, input, a, [role="menu"]'))
            onPictureClick();
        }}
      >
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
            className="icon-button player__mute"
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
            {formatDuration(time)}
            <span className="player__duration"> / {formatDuration(duration)}</span>
          </span>
          <span className="player__spacer" />
          <SubtitlesMenu options={subtitles} language={words.language} onChange={words.select} />
          <button
            type="button"
            className="icon-button player__audio-switch"
            aria-label="Audio only"
            aria-pressed={audioOnly}
            onClick={switchAudioOnly}
          >
            <IconHeadphones />
          </button>
          {!audioOnly && <QualityMenu levels={levels} level={level} playingLevel={playingLevel} onChange={setLevel} />}
          {pipSupported && !audioOnly && (
            <button
              type="button"
              className="icon-button player__narrow-hidden"
              aria-label={pip ? 'Exit picture in picture' : 'Picture in picture'}
              aria-pressed={pip}
              onClick={togglePip}
            >
              <IconPip />
            </button>
          )}
          <button
            type="button"
            className="icon-button player__narrow-hidden"
            aria-label="Keyboard shortcuts"
            aria-haspopup="dialog"
            onClick={() => setKeysOpen(true)}
          >
            <IconKeyboard />
          </button>
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
      {keysOpen && <KeysDialog onClose={() => setKeysOpen(false)} />}
    </div>
  );
}
