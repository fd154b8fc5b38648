import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QualityMenu } from './QualityMenu';
import { VideoPlayer } from './VideoPlayer';

function setup(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const onEnded = vi.fn();
  const onNext = vi.fn();
  render(
    <VideoPlayer src="/media/v1/master.m3u8" title="Casta diva" onEnded={onEnded} onNext={onNext} hasNext {...props} />,
  );
  const video = document.querySelector('video')!;
  let paused = true;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  const play = () => {
    paused = false;
    fireEvent.play(video);
  };
  return { video, onEnded, onNext, play, player: screen.getByRole('region', { name: 'Video player: Casta diva' }) };
}

describe('video player', () => {
  afterEach(() => vi.useRealTimers());

  it('starts at volume 0.5', () => {
    const { video } = setup();
    expect(video.volume).toBe(0.5);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.5');
  });

  it('starts the next video as loud, or as muted, as the last one was left', () => {
    const first = setup();
    first.video.volume = 0.8;
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    fireEvent.volumeChange(first.video);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    cleanup();

    const next = setup();
    expect([next.video.muted, next.video.volume]).toEqual([true, 0.8]);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    fireEvent.volumeChange(next.video);
    cleanup();

    expect(setup().video.muted).toBe(false);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0.8');
  });

  it('hands the focus to the next video’s player when it was inside the one that went', () => {
    const first = render(<VideoPlayer key="1" src="/media/v1/master.m3u8" title="First" hasNext />);
    screen.getByRole('button', { name: 'Mute' }).focus();
    first.rerender(<VideoPlayer key="2" src="/media/v2/master.m3u8" title="Second" hasNext />);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Video player: Second' }));
    cleanup();

    // Focus elsewhere on the page: the next player leaves it there.
    const outside = document.body.appendChild(document.createElement('button'));
    const again = render(<VideoPlayer key="3" src="/media/v3/master.m3u8" title="Third" hasNext />);
    outside.focus();
    again.rerender(<VideoPlayer key="4" src="/media/v4/master.m3u8" title="Fourth" hasNext />);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('hides the controls 1 s after the last activity while playing and shows them on activity', () => {
    vi.useFakeTimers();
    const { play, player, video } = setup();
    play();
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(player).not.toHaveClass('player--idle');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(player).toHaveClass('player--idle');
    fireEvent.mouseMove(player);
    expect(player).not.toHaveClass('player--idle');
    // Paused: the controls stay.
    fireEvent.pause(video);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(player).not.toHaveClass('player--idle');
  });

  it('keeps the controls, and the seek preview in them, while the mouse rests on them', () => {
    vi.useFakeTimers();
    const { play, player } = setup();
    play();
    const controls = player.querySelector('.player__controls')!;
    fireEvent.pointerEnter(controls, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(player).not.toHaveClass('player--idle');
    fireEvent.pointerLeave(controls, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(player).toHaveClass('player--idle');
  });

  it('on a touch screen, a tap while the controls are hidden only shows them; a tap on the picture hides them', () => {
    vi.useFakeTimers();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const fullscreen = vi.fn(() => Promise.resolve());
    const { play, player, video, onNext } = setup();
    player.requestFullscreen = fullscreen;
    play();
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(player).toHaveClass('player--idle');
    const tap = (target: Element, pointerType = 'touch') => {
      fireEvent.pointerDown(target, { pointerType });
      // What a browser makes of a finger's tap before its click: mouse events and the focus.
      fireEvent.mouseMove(target);
      fireEvent.focus(player);
      fireEvent.pointerUp(target, { pointerType });
      fireEvent.click(target);
    };

    // Where "Next video" was: the tap shows the controls and presses nothing.
    tap(screen.getByRole('button', { name: 'Next video', hidden: true }));
    expect(onNext).not.toHaveBeenCalled();
    expect(player).not.toHaveClass('player--idle');
    // The picture, controls showing: the tap hides them; the video plays on.
    tap(video);
    expect(player).toHaveClass('player--idle');
    // Hidden again: a tap on the picture shows them, it does not pause.
    tap(video);
    expect(player).not.toHaveClass('player--idle');
    expect(pause).not.toHaveBeenCalled();
    // Shown: the buttons act on the first tap.
    tap(screen.getByRole('button', { name: 'Next video' }));
    expect(onNext).toHaveBeenCalledOnce();
    // A double tap is two taps, never fullscreen.
    fireEvent.doubleClick(video);
    expect(fullscreen).not.toHaveBeenCalled();
    // A long press makes no click: the controls come back once the finger is lifted.
    tap(video);
    expect(player).toHaveClass('player--idle');
    fireEvent.pointerDown(video, { pointerType: 'touch' });
    fireEvent.pointerUp(video, { pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(player).not.toHaveClass('player--idle');

    // The mouse, as on a desktop: a click on the picture pauses, a double click goes fullscreen.
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(player).toHaveClass('player--idle');
    tap(video, 'mouse');
    expect(pause).toHaveBeenCalledOnce();
    fireEvent.doubleClick(video);
    expect(fullscreen).toHaveBeenCalledOnce();
  });

  it('reports the end of the video (the page then plays the next one) and disables buttons at the ends', () => {
    const { video, onEnded, onNext } = setup({ hasPrev: false, hasNext: true });
    fireEvent.ended(video);
    expect(onEnded).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Previous video' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next video' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('is keyboard operable: M mutes, Space plays', () => {
    const playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { player, video } = setup();
    fireEvent.keyDown(player, { key: 'm' });
    expect(video.muted).toBe(true);
    fireEvent.keyDown(player, { key: ' ' });
    expect(playSpy).toHaveBeenCalled();
  });
});

describe('quality picker', () => {
  const levels = [
    { index: 1, height: 720, bitrate: 2_800_000, label: '720p' },
    { index: 0, height: 360, bitrate: 800_000, label: '360p' },
  ];

  it('lists Auto and the renditions, marks the choice and reports it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<QualityMenu levels={levels} level={-1} playingLevel={0} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Quality' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['Auto (360p)', '720p', '360p']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: '720p' }));
    expect(onChange).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    rerender(<QualityMenu levels={levels} level={1} playingLevel={1} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Quality' }));
    expect(screen.getByRole('menuitemradio', { name: '720p' })).toHaveAttribute('aria-checked', 'true');
  });

  it('moves focus into the menu, between entries with the arrows, and back to the button on Escape', () => {
    render(<QualityMenu levels={levels} level={1} playingLevel={1} onChange={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Quality' });
    fireEvent.click(button);
    expect(screen.getByRole('menuitemradio', { name: '720p' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitemradio', { name: '360p' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitemradio', { name: 'Auto (720p)' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowUp' });
    expect(screen.getByRole('menuitemradio', { name: '360p' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes with Escape and is absent for a stream without renditions', () => {
    const { rerender } = render(
      <QualityMenu levels={levels} level={-1} playingLevel={-1} onChange={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quality' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    rerender(<QualityMenu levels={[]} level={-1} playingLevel={-1} onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Quality' })).not.toBeInTheDocument();
  });
});
