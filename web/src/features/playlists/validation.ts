import { isListedName } from '@/lib/names';

/** Playlist name rule (spec viewer §5): letters, digits and whitespace only, more than 1 character. */
export const INVALID_NAME_MESSAGE = 'Please, Provide Valid Name';
/** How much the Name fields of Create and Rename take: the server's limit, so a paste is never cut short unseen. */
export const NAME_MAX_LENGTH = 200;

export const isValidPlaylistName = isListedName;
