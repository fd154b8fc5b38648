/**
 * Wire types of the HTTP API, written from the field names of spec viewer §3 and admin §3.
 * This is the one module to replace by the types generated from openapi/openapi.json
 * (DESIGN §2.15): screens import shapes from here only.
 */

export type Id = number;
/** 0 = access off, 1 = on (DESIGN §2.4). */
export type Status = 0 | 1;

export type Named = { id: Id; title: string };

export type Member = { id: Id; title: string; title2?: string | null; merch_url?: string | null };

export type VideoTrack = {
  id: Id;
  position: number;
  title: string;
  members?: Member[] | string | null;
  /** Seconds on the video's timeline. */
  starts_at: number;
  ends_at: number;
};

export type Video = {
  id: Id;
  title: string;
  /** Seconds. */
  duration: number;
  /** The product's own HLS stream (master playlist URL). */
  scripted_bunny_path?: string | null;
  yt_link?: string | null;
  tracks?: VideoTrack[];
  members?: Member[];
  /** Comma-separated text. */
  artists?: string | null;
  composers?: string | null;
  position?: number;
  video_id?: Id;
  group_id?: Id;
  /** The audio carries a watermark analysis can read. */
  watermark?: boolean;
  /** Every track is in the fingerprint index. */
  footprint?: boolean;
};

export type VideoPage = { videos: Video[]; videoLength: number };

export type PlaylistCoverVideo = { id: Id; scripted_bunny_path?: string | null };

export type Playlist = {
  id: Id;
  title: string;
  duration: number;
  /** Cover video id (the first video). */
  video_id?: Id | null;
  user_id?: Id | null;
  group_id?: Id | null;
  groups?: Id[];
  position?: number;
  video?: PlaylistCoverVideo | null;
  videos?: Video[];
  number_of_videos?: number;
};

/** get_playlist_videos / get_custom_playlist / get_essential_classics answers. */
export type PlaylistDetail = {
  id: Id;
  title: string;
  user_id?: Id | null;
  group_id?: Id | null;
  duration?: number;
  video_id?: Id | null;
  videos: Video[];
};

/** delete_playlist answer: the playlist to show next (id null when none is left). */
export type NextPlaylist = Omit<PlaylistDetail, 'id'> & { id: Id | null; deleted_id: Id };

/** check_playlist answer. */
export type CheckPlaylist = { video_id: Id; playlists: Id[] };

export type Group = { id: Id; title: string; position?: number; playlists?: Playlist[] };

export type Category = { id: Id; title: string; status?: Status };

export type BannerVideo = {
  id: Id;
  /** Banner title. */
  title: string;
  position?: number;
  video_id: Id;
  playlist_id: Id;
  group_id: Id;
  video_title?: string | null;
  duration?: number;
  scripted_bunny_path?: string | null;
  yt_link?: string | null;
  artists?: string | null;
  composers?: string | null;
};

/** Filter kinds shared by server and web (DESIGN §2.6). */
export const FilterKind = {
  tag: 2,
  composer: 3,
  genre: 4,
  mood: 5,
  activity: 6,
  artist: 7,
  videoGenre: 8,
} as const;
export type FilterKind = (typeof FilterKind)[keyof typeof FilterKind];

export type FilterEntry = { id: Id; title?: string; kind: FilterKind };

/** Body `data` of the facet and filter calls: the selection as {id, kind} entries. */
export type FilterData = { data: Array<Pick<FilterEntry, 'id' | 'kind'>> };

export function toFilterData(entries: FilterEntry[]): FilterData {
  return { data: entries.map(({ id, kind }) => ({ id, kind })) };
}

export type SearchSuggestion = Named;

export type User = {
  id: Id;
  first_name?: string | null;
  last_name?: string | null;
  email?: string;
  is_staff?: boolean;
};

export type JwtPair = { access: string; refresh: string };

export type RegisterBody = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  re_password: string;
  mobile_number: string;
  gives_permission: boolean;
};

export type ResetConfirmBody = { uid: string; token: string; new_password: string; re_new_password: string };

// ---- analysis (spec viewer §3, §7) ----

export type AnalyzeInfo = {
  /** Watermark code detected in the 30 s window (or null when none). */
  watermark: number | null;
  /** Fingerprint numbers of the window. */
  footprint: number[] | null;
  yt_link?: string | null;
};

export type StoreLink = { url?: string | null };
export type ExtraLink = { url: string; title?: string | null; name?: string | null };

export type CuLinks = {
  ITUNES?: StoreLink | null;
  AMAZON?: StoreLink | null;
  CUVIEW?: StoreLink | null;
  SPOTIFY?: StoreLink | null;
  DEEZER?: StoreLink | null;
  RDIO?: StoreLink | null;
  EXTRA_LINKS?: ExtraLink[] | null;
};

export type ObjLink = {
  link_url: string;
  link_title?: string | null;
  link_img_url?: string | null;
  link_img_url_300?: string | null;
};

export type RecognisedTrack = {
  track_id: Id;
  track_title: string;
  track_url?: string | null;
  album?: { id: Id; cover_url?: string | null; url?: string | null; title?: string | null } | null;
  members?: Member[] | null;
  genre_title?: string | null;
  culinks?: CuLinks | null;
  links?: ExtraLink[] | null;
  salome_obj_links?: ObjLink[] | null;
  wm1_info?: { code?: number | string | null } | null;
  fp?: { mood?: string | null } | null;
};

export type WatermarkInfo = { wm_track: RecognisedTrack | null; result_link?: string | null };
export type FootprintInfo = { fp_track: RecognisedTrack | null; result_link?: string | null };

export type TrackerAnswer<T> = { result: T | null };
