import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// jsdom applies no media queries, so this reads the style sheet the browser gets and evaluates
// the conditions of the rules that turn the side menu into a drawer at a given viewport size.
// (Vitest runs in web/, the project root.)
const css = readFileSync(resolve(process.cwd(), 'src/styles/app.css'), 'utf8');

/** The conditions of every @media block holding a rule that makes `.side-menu` a fixed drawer. */
function drawerConditions(): string[] {
  const conditions: string[] = [];
  const media = /@media([^{]+)\{/g;
  for (let m = media.exec(css); m; m = media.exec(css)) {
    let depth = 1;
    let i = media.lastIndex;
    for (; depth > 0 && i < css.length; i++) {
      if (css[i] === '{') depth++;
      else if (css[i] === '}') depth--;
    }
    const body = css.slice(media.lastIndex, i);
    if (/\.side-menu\s*\{[^}]*position:\s*fixed/.test(body)) conditions.push(m[1]!.trim());
  }
  return conditions;
}

type Screen = { width: number; height: number };

/** Whether a media query list (conditions joined by commas, each by "and") holds for `screen`. */
function matches(list: string, { width, height }: Screen): boolean {
  return list.split(',').some((condition) =>
    condition.split(/\s+and\s+/).every((part) => {
      const max = /max-(width|height):\s*([\d.]+)px/.exec(part);
      if (max) return (max[1] === 'width' ? width : height) <= Number(max[2]);
      const min = /min-(width|height):\s*([\d.]+)px/.exec(part);
      if (min) return (min[1] === 'width' ? width : height) >= Number(min[2]);
      const below = /width\s*<\s*([\d.]+)px/.exec(part);
      if (below) return width < Number(below[1]);
      const orientation = /orientation:\s*(landscape|portrait)/.exec(part);
      if (orientation) return (width > height ? 'landscape' : 'portrait') === orientation[1];
      throw new Error(`unhandled media condition ${part}`);
    }),
  );
}

const isDrawer = (width: number, height = 800) => drawerConditions().some((c) => matches(c, { width, height }));

describe('side menu breakpoint (spec viewer §2)', () => {
  it('is a drawer below 768 px only', () => {
    expect(drawerConditions().length).toBeGreaterThan(0);
    expect(isDrawer(375)).toBe(true);
    expect(isDrawer(767)).toBe(true);
    expect(isDrawer(767.5)).toBe(true);
    expect(isDrawer(768)).toBe(false);
    expect(isDrawer(1280)).toBe(false);
  });

  it('is a drawer on a phone held sideways, not on a tablet or a laptop', () => {
    expect(isDrawer(812, 375)).toBe(true);
    expect(isDrawer(667, 375)).toBe(true);
    expect(isDrawer(932, 430)).toBe(true);
    expect(isDrawer(1024, 768)).toBe(false);
    expect(isDrawer(1280, 720)).toBe(false);
    expect(isDrawer(768, 1024)).toBe(false);
  });
});

describe('every style sheet keeps 768 px a tablet width', () => {
  it('has no phone rule that still applies at exactly 768 px', () => {
    const sheets = readdirSync(resolve(process.cwd(), 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.css'),
    );
    expect(sheets.length).toBeGreaterThan(1);
    const offenders = sheets.filter((f) =>
      /max-width:\s*768px/.test(readFileSync(resolve(process.cwd(), 'src', f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
