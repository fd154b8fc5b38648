import { describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH, requestTextProblem } from './request-shape.js';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('requestTextProblem', () => {
  it('accepts ordinary bodies up to the depth limit', () => {
    expect(requestTextProblem({ title: 'Élan 🎵', tracks: [{ members: [1, 2] }] }, '')).toBeNull();
    expect(requestTextProblem(nested(MAX_JSON_DEPTH), '')).toBeNull();
  });

  it('refuses one level more, and a million levels without overflowing its own stack', () => {
    expect(requestTextProblem(nested(MAX_JSON_DEPTH + 1), '')).toMatch(/nested too deeply/);
    expect(requestTextProblem(nested(1_000_000), '')).toMatch(/nested too deeply/);
  });

  it('names where a NUL character is, in values and in keys', () => {
    expect(requestTextProblem({ tracks: [{ title: 'a\u0000' }] }, '')).toBe(
      '"tracks[0].title" contains a NUL character (\\u0000), which is not allowed',
    );
    expect(requestTextProblem({ 'ti\u0000tle': 1 }, '')).toMatch(/^"ti\?tle" contains a NUL/);
    expect(requestTextProblem('x\u0000', 'the body')).toMatch(/^"the body" contains a NUL/);
    expect(requestTextProblem(Buffer.from([0, 0]), 'the body')).toBeNull();
  });
});
