/** 0 = access off (invisible to viewers), 1 = access on. */
export enum Status {
  Off = 0,
  On = 1,
}

/** Filter kinds of a filter list entry `id!kind` (DESIGN.md §2.6), shared by server and web. */
export enum FilterKind {
  Tag = 2,
  Composer = 3,
  Genre = 4,
  Mood = 5,
  Activity = 6,
  Artist = 7,
  VideoGenre = 8,
}

/** Tabs of the public search screen (DESIGN.md §2.6). */
export enum SearchTab {
  Title = 1,
  Artists = 2,
  Composers = 3,
  Genres = 4,
  Moods = 5,
  Tags = 6,
}

/** Where a video is in the media pipeline; shown to staff. */
export enum ProcessingState {
  /** Uploaded original, no job queued yet (fill_video_info not called). */
  Uploaded = 'uploaded',
  Queued = 'queued',
  Processing = 'processing',
  Ready = 'ready',
  Failed = 'failed',
  /** No file of our own: the video plays from its yt_link. */
  External = 'external',
}

export enum ImageKind {
  Video = 'video',
  Playlist = 'playlist',
  Genre = 'genre',
  Category = 'category',
  Member = 'member',
  Album = 'album',
  /** A main-page banner's own picture, shown in the hero in place of its video's. */
  Banner = 'banner',
}

export const IMAGE_SIZES = [300, 600] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Store and streaming link kinds of an album track (spec viewer §3, culinks). */
export enum LinkKind {
  Itunes = 'ITUNES',
  Amazon = 'AMAZON',
  Cuview = 'CUVIEW',
  Spotify = 'SPOTIFY',
  Deezer = 'DEEZER',
  Rdio = 'RDIO',
  Extra = 'EXTRA',
}

export const PAGE_SIZE = { admin: 10, viewer: 20, dropdown: 20 } as const;
