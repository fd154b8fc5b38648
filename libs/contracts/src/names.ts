/**
 * The spec's name rule for a personal playlist and for a new video genre or tag: "letters, digits
 * and whitespace, more than 1 character" (viewer §5, admin §5), in any script. Tested on a name
 * already tidied by `tidyName`. A letter may carry combining marks (Devanagari and Bengali vowel
 * signs, Thai tone marks, a decomposed accent), at most 4 in a row, and a zero-width (non-)joiner
 * may stand between two letters (Persian, Indic conjuncts); marks do not count as characters.
 */
export const LISTED_NAME_PATTERN =
  /^(?=(?:.*[\p{L}\p{N}]){2})(?!.*\p{M}{5})[\p{L}\p{N}](?:[\p{L}\p{N} ]|(?<=[\p{L}\p{M}])\p{M}|(?<=[\p{L}\p{M}])[\u200C\u200D](?=\p{L}))*(?<! )$/u;

/** Outer whitespace dropped and inner runs (tabs, new lines) made one space. */
export const tidyName = (value: string): string => value.trim().replace(/\s+/g, ' ');
