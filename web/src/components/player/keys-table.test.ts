import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysMarkdownTable, withKeysTable } from './keys-table';
import { PLAYER_KEYS } from './player-keys';

// The web tests run in web/ (npm test -w web, or npx vitest there).
const README = resolve(process.cwd(), '../README.md');

describe("the README's keys table", () => {
  it('lists every key of player-keys.ts, in its order', () => {
    const rows = keysMarkdownTable().split('\n').slice(2);
    expect(rows).toHaveLength(PLAYER_KEYS.length);
    expect(rows[0]).toBe('| Space or K | Play / pause (Space on a focused button presses the button) |');
    expect(rows.at(-1)).toBe('| ? | Show these keys |');
  });

  it('is the generated one (`npm run docs:keys -w web` writes it)', () => {
    const readme = readFileSync(README, 'utf8');
    const generated = withKeysTable(readme);
    // The npm script rewrites the README; the test run of `npm test` only compares.
    if (process.env.WRITE_KEYS_TABLE === '1' && generated !== readme) writeFileSync(README, generated);
    else expect(readme, 'README.md keys table is stale: run `npm run docs:keys -w web`').toBe(generated);
  });
});
