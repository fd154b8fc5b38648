import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';

/** jsdom has no Fullscreen API: the element the page would show fullscreen, and the event. */
function setFullscreen(element: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  act(() => {
    document.dispatchEvent(new Event('fullscreenchange'));
  });
}

describe('Modal', () => {
  afterEach(() => setFullscreen(null));

  it('is drawn inside the fullscreen element (nothing else shows then), and back on the page after', () => {
    const player = document.body.appendChild(document.createElement('div'));
    const opener = player.appendChild(document.createElement('button'));
    opener.focus();
    setFullscreen(player);
    render(
      <Modal title="Keyboard shortcuts" onClose={() => undefined}>
        <button type="button">Inside</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(player.contains(dialog)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));

    // Leaving fullscreen with the dialog open: it moves to the page, focus with it.
    setFullscreen(null);
    const moved = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(player.contains(moved)).toBe(false);
    expect(moved.parentElement?.parentElement).toBe(document.body);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    player.remove();
  });

  it('takes focus in on open although its first controls are disabled (a list still loading)', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { unmount } = render(
      <Modal title="Add to playlist" onClose={() => undefined}>
        <button type="button" disabled>
          Waiting
        </button>
        <button type="button">Create New</button>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create New' }));
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
