/** Playlist name rule (spec viewer §5): letters, digits and whitespace only, more than 1 character. */
export const INVALID_NAME_MESSAGE = 'Please, Provide Valid Name';

export function isValidPlaylistName(name: string): boolean {
  return /^[\p{L}\p{N}\s]+$/u.test(name) && name.trim().length > 1;
}
