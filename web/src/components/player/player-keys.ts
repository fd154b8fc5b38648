/** What a key does in the player. */
export type PlayerAction =
  | { kind: 'togglePlay' }
  | { kind: 'seekBy'; seconds: number }
  | { kind: 'volumeBy'; step: number }
  | { kind: 'toggleMute' }
  | { kind: 'toggleFullscreen' }
  | { kind: 'togglePip' }
  | { kind: 'video'; step: 1 | -1 }
  | { kind: 'track'; step: 1 | -1 }
  | { kind: 'help' };

export const SEEK_SHORT_S = 5;
export const SEEK_LONG_S = 10;
export const VOLUME_STEP = 0.05;

/**
 * The player's keys, in the order the "Keyboard shortcuts" dialog lists them: the one list.
 * The README's keys table is generated from it (keys-table.ts; `npm run docs:keys -w web`
 * rewrites it, and keys-table.test.ts fails while it differs). `match` is KeyboardEvent.key
 * (letters in either case); `note` is what the README adds to the label.
 */
export const PLAYER_KEYS: { keys: string[]; label: string; note?: string; match: string[]; action: PlayerAction }[] = [
  {
    keys: ['Space', 'K'],
    label: 'Play / pause',
    note: 'Space on a focused button presses the button',
    match: [' ', 'k'],
    action: { kind: 'togglePlay' },
  },
  { keys: ['J'], label: `Back ${SEEK_LONG_S} s`, match: ['j'], action: { kind: 'seekBy', seconds: -SEEK_LONG_S } },
  { keys: ['L'], label: `Forward ${SEEK_LONG_S} s`, match: ['l'], action: { kind: 'seekBy', seconds: SEEK_LONG_S } },
  {
    keys: ['←'],
    label: `Back ${SEEK_SHORT_S} s`,
    match: ['arrowleft'],
    action: { kind: 'seekBy', seconds: -SEEK_SHORT_S },
  },
  {
    keys: ['→'],
    label: `Forward ${SEEK_SHORT_S} s`,
    match: ['arrowright'],
    action: { kind: 'seekBy', seconds: SEEK_SHORT_S },
  },
  { keys: ['↑'], label: 'Volume up', match: ['arrowup'], action: { kind: 'volumeBy', step: VOLUME_STEP } },
  { keys: ['↓'], label: 'Volume down', match: ['arrowdown'], action: { kind: 'volumeBy', step: -VOLUME_STEP } },
  { keys: ['M'], label: 'Mute / unmute', match: ['m'], action: { kind: 'toggleMute' } },
  { keys: ['F'], label: 'Fullscreen', match: ['f'], action: { kind: 'toggleFullscreen' } },
  {
    keys: ['I'],
    label: 'Picture in picture',
    note: 'where the browser has it; also a button',
    match: ['i'],
    action: { kind: 'togglePip' },
  },
  {
    keys: ['N'],
    label: 'Next video',
    note: 'of the playlist',
    match: ['n'],
    action: { kind: 'video', step: 1 },
  },
  {
    keys: ['P'],
    label: 'Previous video',
    note: 'of the playlist',
    match: ['p'],
    action: { kind: 'video', step: -1 },
  },
  {
    keys: ['.'],
    label: 'Next track',
    note: 'inside the video',
    match: ['.'],
    action: { kind: 'track', step: 1 },
  },
  {
    keys: [','],
    label: 'Previous track',
    note: 'restarts the track when it is a few seconds in',
    match: [','],
    action: { kind: 'track', step: -1 },
  },
  { keys: ['?'], label: 'Show these keys', match: ['?'], action: { kind: 'help' } },
];

const BY_KEY = new Map(PLAYER_KEYS.flatMap((k) => k.match.map((m) => [m, k.action] as const)));

/** Fields where keys type text or move a value: the player leaves every key to them. */
const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Where Space and arrows already mean something (press a button, move in a menu or tabs). */
const OWN_KEYS = 'button, a[href], summary, [role="menu"], [role="tablist"], [role="listbox"], [role="slider"]';

/**
 * The player action of a key press anywhere on the page, or null: none while typing in a
 * field, inside a dialog or with Ctrl, Alt or Meta held; Space and arrows are left to the
 * focused button, link, menu or tab list that uses them.
 */
export function playerActionOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>,
): PlayerAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const target = e.target instanceof Element ? e.target : null;
  if (target?.closest(TYPING) || target?.closest('[role="dialog"], [role="alertdialog"]')) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key.toLowerCase();
  const action = BY_KEY.get(key) ?? null;
  if (!action) return null;
  if ((key === ' ' || key.startsWith('arrow')) && target?.closest(OWN_KEYS)) return null;
  return action;
}
