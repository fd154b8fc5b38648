import { describe, expect, it } from 'vitest';
// An import-free file of the server's contracts; the app itself does not import it.
import { LISTED_NAME_PATTERN as API_RULE } from '../../../../libs/contracts/src/names';
import { LISTED_NAME_PATTERN } from './validation';

describe('the web app and the api agree on playlist names', () => {
  it('checks names by the api rule', () => {
    expect(LISTED_NAME_PATTERN.source).toBe(API_RULE.source);
    expect(LISTED_NAME_PATTERN.flags).toBe(API_RULE.flags);
  });
});
