import { describe, expect, it } from '@jest/globals';
import { BadMediaError } from '../errors.js';
import { checkSvgIcon } from './svg-icon.js';

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">${body}</svg>`,
  );

function reason(data: Buffer): string | undefined {
  try {
    checkSvgIcon(data);
    return undefined;
  } catch (error) {
    if (error instanceof BadMediaError) return error.reason;
    throw error;
  }
}

describe('checkSvgIcon', () => {
  it('accepts a plain icon with internal references and gradients', () => {
    const icon = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient><path id="p" d="M0 0h24v24H0z"/></defs>' +
        '<use xlink:href="#p" fill="url(#g)"/><use href="#p"/>',
    );
    expect(reason(icon)).toBeUndefined();
    expect(
      reason(Buffer.from(`<?xml version="1.0"?>\n<!-- made by hand -->\n${svg('<circle r="3"/>').toString()}`)),
    ).toBeUndefined();
  });

  it.each([
    ['an http image', '<image href="http://evil.example/x.png"/>'],
    ['a local file', '<image xlink:href="file:///etc/passwd"/>'],
    ['a relative file', "<image href='../secret.png'/>"],
    ['a CSS url()', '<rect style="fill:url(https://evil.example/p.svg#a)"/>'],
    ['a style sheet import', '<style>@import "https://evil.example/a.css";</style>'],
  ])('refuses %s', (_, body) => {
    expect(reason(svg(body))).toBe('external_reference');
  });

  it('refuses entity declarations (billion laughs, XXE)', () => {
    const xxe = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
    );
    expect(reason(xxe)).toBe('active_content');
  });

  it('refuses what is not SVG, and empty files', () => {
    expect(reason(Buffer.from('<html><body>hi</body></html>'))).toBe('unsupported_type');
    expect(reason(Buffer.alloc(0))).toBe('empty');
  });
});
