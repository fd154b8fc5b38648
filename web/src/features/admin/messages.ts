import { EMBED_SERVICES } from '@/components/player/embed-url';

/**
 * Every text of the admin console that the spec fixes (admin §5, §8), in one place so screens
 * and tests share the exact wording (typos included: "loose" is the spec's).
 */
export const MSG = {
  // §5 videos and tracks, in the order the add form checks them
  provideTitle: 'Please, Provide Title',
  provideGenre: 'Please, Provide Genre',
  provideMood: 'Please, Provide Mood',
  provideVideoGenre: 'Please, Provide Video genre',
  provideTags: 'Please, Provide Tags',
  addTracks: 'Please, Add Tracks',
  waitUpload: 'Please, Wait Video Upload',
  uploadFirst: 'Please, Upload The Video First',
  overlap: "Value Shouldn't override previous Track",
  validName: 'Please, Provide Valid Name',

  // §5 playlists, categories
  uploadWithoutThumbnail: 'Upload without Thumbnail?',
  deleteCategoryConfirm: 'Are you sure you want to delete this category?',
  deleteTagConfirm: 'Do you really want to delete tag?',

  // §8 errors and states
  videoUploadFailed: 'Video Upload Failed',
  someError: "There's Some Error, please, try again later",
  videoNotLoaded: 'Please try again',
  noSearchResult: 'No Result, please try a different query',
  noResult: 'No result',
  loading: 'Loading...',
  noTags: 'No Tags Found',

  categoryAdded: 'Category has been added successfully',
  categoryAddFailed: 'Add Category Failed',
  categoryRemoved: 'Category has been removed',
  categoryRemoveFailed: 'Deleting has failed',
  tagAdded: 'Tag has been added successfully',
  tagAddFailed: 'Adding Tag has failed',
  tagRemoved: 'Tag has been deleted',
  tagRemoveFailed: 'Deleting failed',

  // §8 success notices
  videoDeleted: 'Video has been deleted',
  videoDeletedFromPlaylist: 'Video has been deleted from playlist',
  videoAdded: 'Video has been added',
  videoEdited: 'Video has been Edited',
  playlistDeleted: 'Playlist Has Been Deleted',
  playlistEdited: 'Playlist Has Been Edited',
  playlistAdded: 'Playlist Has Been Added',
  playlistAddedToGroup: 'Playlist Has Been Added To Group',
  playlistDeletedFromGroup: 'Playlist Has Been Deleted From Group',
  groupAdded: 'Group has been added',
  groupDeleted: 'Group has been deleted',
  copied: 'Copied To Clipboard',

  // Not worded by the spec ("texts not shown"): our own, in the same voice.
  groupEdited: 'Group has been edited',
  categoryEdited: 'Category has been edited',
  bannerAdded: 'Banner has been added',
  bannerEdited: 'Banner has been edited',
  bannerDeleted: 'Banner has been deleted',
  thumbnailChanged: 'Thumbnail has been changed',
  processingQueued: 'Processing has been queued again',
  deleteVideoConfirm: 'Do you really want to delete the video?',
  deletePlaylistConfirm: 'Do you really want to delete the playlist?',
  deletePlaylistVideoConfirm: 'Do you really want to delete the video from the playlist?',
  deletePlaylistFromGroupConfirm: 'Do you really want to delete the playlist from the group?',
  deleteBannerConfirm: 'Do you really want to delete the banner video?',
  deleteGroupConfirm: 'Do you really want to delete the group?',
  imageType: 'Please, choose a JPEG or PNG image',
  iconTypeWithSvg: 'Please, choose a JPEG, PNG or SVG image',
  endAfterStart: 'The end must come after the start',
  endInsideVideo: 'The excerpt must end inside the video',
  chooseVideoFile: 'Please, choose a video file',
  embedLink: `Please, give a link from ${EMBED_SERVICES.join(', ')}, or to a video or audio file`,
} as const;

/** Business constants of spec admin §9. */
export const ADMIN_PAGE_SIZE = 10;
/** Dropdown lists page by 20 (DESIGN §2.5). */
export const DROPDOWN_PAGE_SIZE = 20;
export const TAGS_CUT = 135;
export const SKIP_SECONDS = 10;
/** How often a video that is being processed is asked about. */
export const PROCESSING_POLL_MS = 2000;
/** How often the console asks whether a video's processing failed (the menu badge and its toast). */
export const FAILURE_POLL_MS = 15_000;

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_ACCEPT = '.jpeg,.jpg,.png,image/jpeg,image/png';
export const ICON_ACCEPT_WITH_SVG = '.jpeg,.jpg,.png,.svg,image/jpeg,image/png,image/svg+xml';
