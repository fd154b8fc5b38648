/**
 * Longer search texts are refused, not truncated: no title is that long, and trigram work grows
 * with length. The web app's search fields stop at the same length (its copy,
 * SEARCH_TEXT_MAX_LENGTH, is held equal by web/src/features/search/contracts-agree.test.ts).
 */
export const MAX_SEARCH_TEXT = 200;
