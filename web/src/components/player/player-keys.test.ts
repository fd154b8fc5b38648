import { describe, expect, it } from 'vitest';
import { playerActionOf } from './player-keys';

const press = (key: string, target: Element = document.body, mods: Partial<KeyboardEvent> = {}) =>
  playerActionOf({ key, target, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe('player keys', () => {
  it('maps the keys of the README', () => {
    expect(press(' ')).toEqual({ kind: 'togglePlay' });
    expect(press('K')).toEqual({ kind: 'togglePlay' });
    expect(press('j')).toEqual({ kind: 'seekBy', seconds: -10 });
    expect(press('ArrowRight')).toEqual({ kind: 'seekBy', seconds: 5 });
    expect(press('ArrowUp')).toEqual({ kind: 'volumeBy', step: 0.05 });
    expect(press('m')).toEqual({ kind: 'toggleMute' });
    expect(press('N')).toEqual({ kind: 'video', step: 1 });
    expect(press(',')).toEqual({ kind: 'track', step: -1 });
    expect(press('?')).toEqual({ kind: 'help' });
    expect(press('x')).toBeNull();
  });

  it('fires nothing while typing, in a dialog or with a modifier', () => {
    const input = document.createElement('input');
    expect(press('k', input)).toBeNull();
    expect(press(' ', document.createElement('textarea'))).toBeNull();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = dialog.appendChild(document.createElement('span'));
    expect(press('m', inside)).toBeNull();
    expect(press('k', document.body, { ctrlKey: true })).toBeNull();
  });

  it('leaves Space and arrows to a focused button, the letters still work there', () => {
    const button = document.createElement('button');
    expect(press(' ', button)).toBeNull();
    expect(press('ArrowLeft', button)).toBeNull();
    expect(press('k', button)).toEqual({ kind: 'togglePlay' });
  });
});
