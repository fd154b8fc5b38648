/** Ids the spec uses as defaults; the demo catalogue must contain each (DESIGN.md §2.10). */
export const DEFAULT_IDS = {
  videos: [403, 491, 827, 1526],
  playlists: [10, 33, 54, 251, 342],
  groups: [4, 5, 8, 10, 24],
  essentialClassicsPlaylist: 251,
  essentialClassicsGroup: 10,
  concertsGroup: 5,
} as const;
