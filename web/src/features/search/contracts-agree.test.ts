import { describe, expect, it } from 'vitest';
// An import-free file of the server's contracts; the app itself does not import it.
import { MAX_SEARCH_TEXT } from '../../../../libs/contracts/src/search';
import { SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';

describe('the web app and the api agree on search texts', () => {
  it('stops search fields at the length the api accepts', () => {
    expect(SEARCH_TEXT_MAX_LENGTH).toBe(MAX_SEARCH_TEXT);
  });
});
