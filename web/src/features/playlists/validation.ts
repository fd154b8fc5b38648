/** Playlist name rule (spec viewer §5): letters, digits and whitespace only, more than 1 character. */
export const INVALID_NAME_MESSAGE = 'Please, Provide Valid Name';
/** How much the Name fields of Create and Rename take: the server's limit, so a paste is never cut short unseen. */
export const NAME_MAX_LENGTH = 200;

/**
 * The api's rule (LISTED_NAME_PATTERN in libs/contracts/src/names.ts, held equal by
 * contracts-agree.test.ts): letters of any script with their combining marks (Devanagari vowel
 * signs, Thai tone marks), digits and single spaces; at least two letters or digits.
 */
export const LISTED_NAME_PATTERN =
  /^(?=(?:.*[\p{L}\p{N}]){2})(?!.*\p{M}{5})[\p{L}\p{N}](?:[\p{L}\p{N} ]|(?<=[\p{L}\p{M}])\p{M}|(?<=[\p{L}\p{M}])[\u200C\u200D](?=\p{L}))*(?<! )$/u;

/** The name as the api keeps it: outer whitespace dropped, inner runs one space. */
const tidy = (name: string) => name.trim().replace(/\s+/g, ' ');

export function isValidPlaylistName(name: string): boolean {
  return LISTED_NAME_PATTERN.test(tidy(name));
}
