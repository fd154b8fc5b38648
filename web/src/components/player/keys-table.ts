import { PLAYER_KEYS } from './player-keys';

/** The README's keys table sits between these lines (README.md, "Keys"). */
export const KEYS_TABLE_START = '<!-- keys table: generated from web/src/components/player/player-keys.ts -->';
export const KEYS_TABLE_END = '<!-- end of keys table -->';

/** The keys table of the README, as Markdown: one row per entry of PLAYER_KEYS, in its order. */
export function keysMarkdownTable(): string {
  const rows = PLAYER_KEYS.map((k) => `| ${k.keys.join(' or ')} | ${k.note ? `${k.label} (${k.note})` : k.label} |`);
  return ['| key | action |', '|---|---|', ...rows].join('\n');
}

/** `readme` with its keys table replaced by the generated one; throws when the markers are missing. */
export function withKeysTable(readme: string): string {
  const start = readme.indexOf(KEYS_TABLE_START);
  const end = readme.indexOf(KEYS_TABLE_END);
  if (start === -1 || end < start)
    throw new Error(`README.md has no "${KEYS_TABLE_START}" … "${KEYS_TABLE_END}" block`);
  return `${readme.slice(0, start + KEYS_TABLE_START.length)}\n${keysMarkdownTable()}\n${readme.slice(end)}`;
}
