/** Playlist name rule (spec viewer §5): letters, digits and whitespace only, more than 1 character. */
export const INVALID_NAME_MESSAGE = 'Please, Provide Valid Name';
/** How much the Name fields of Create and Rename take (the server allows 200). */
export const NAME_MAX_LENGTH = 120;

export function isValidPlaylistName(name: string): boolean {
  return /^[\p{L}\p{N}\s]+$/u.test(name) && name.trim().length > 1;
}
