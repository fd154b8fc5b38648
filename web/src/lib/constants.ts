/** Business constants of spec viewer §9 and admin §9. */
export const TOAST_MS = 3000;
export const COPY_TOAST_MS = 2000;
export const CONTROLS_HIDE_MS = 1000;
export const DEFAULT_VOLUME = 0.5;
export const DEBOUNCE_MS = 500;
export const SCROLL_TOLERANCE_PX = 1;
export const TRACK_ITEM_WIDTH_PX = 293;

/** MAX_SEARCH_TEXT of libs/contracts (the api refuses longer texts): search fields stop there. */
export const SEARCH_TEXT_MAX_LENGTH = 200;

export const ANALYSIS_START_DELAY_MS = 4500;
// Copies of ANALYSIS_OFFSET_STEP_SECONDS and ANALYSIS_WINDOW_SECONDS in libs/contracts (the web
// app imports no server library); features/analysis/contracts-agree.test.ts holds them equal.
export const ANALYSIS_OFFSET_STEP_S = 5;
export const ANALYSIS_WINDOW_S = 30;
export const ANALYSIS_TOGGLE_MS = 15000;
export const ANALYSIS_MEMBERS_SHOWN = 3;

export const BREAKPOINT_SMALL = 650;
export const BREAKPOINT_MEDIUM = 990;
export const BREAKPOINT_DRAWER = 768;

export const CAROUSEL_ITEMS = {
  concerts: 5,
  groupPlaylists: 5,
  essentials: 5,
  myPlaylists: 5,
  newPlaylists: 7,
  genres: 7,
  playlistVideos: 6,
  continueWatching: 5,
  searchPlaylists: 5,
} as const;

/** Ids the spec uses as defaults (all present in the demo catalogue, DESIGN §2.10). */
export const DEFAULTS = {
  landingGroupId: 4,
  playerGroupId: 4,
  playerPlaylistId: 54,
  content: { videoId: 403, playlistId: 54, groupId: 4 },
  promo: { videoId: 1526, playlistId: 342, groupId: 24 },
  afterLogin: { videoId: 491, playlistId: 33, groupId: 8 },
  adminHome: { videoId: 827, playlistId: 10, groupId: 4 },
  essentialClassics: { playlistId: 251, groupId: 10 },
  concertsGroupId: 5,
} as const;

export const DRAG = {
  mouseDistance: 10,
  touchDelay: 250,
  touchTolerance: 5,
} as const;
