/**
 * Names of the HTTP API's wire types for the screens. Where the OpenAPI document describes a
 * shape, the name is an alias of its generated schema (schema.gen.ts, DESIGN §2.15), so a
 * change of the API's DTOs shows up here as a type error; the tracker (a separate service,
 * not in the document) and the web's own shapes are still written by hand.
 */
import type { components } from './schema.gen';

export type Schemas = components['schemas'];

export type Id = number;
/** 0 = access off, 1 = on (DESIGN §2.4). */
export type Status = 0 | 1;

export type Named = Schemas['NamedDto'];
export type Member = Schemas['MemberDto'];
export type VideoTrack = Schemas['TrackDto'];
export type Video = Schemas['VideoDto'];
export type VideoPage = Schemas['VideoPageDto'];
export type PlaylistCoverVideo = Schemas['CoverVideoDto'];
/** A playlist in a list (latest, concerts, a group's, the user's). */
export type Playlist = Schemas['PlaylistSummaryDto'];
/** get_playlist_videos / get_custom_playlist / get_essential_classics / add_full_playlist answers. */
export type PlaylistDetail = Schemas['PlaylistDetailDto'];
/** delete_playlist answer: the playlist to show next (id null when none is left). */
export type NextPlaylist = Schemas['NextPlaylistDto'];
/** check_playlist answer. */
export type CheckPlaylist = Schemas['CheckPlaylistDto'];
export type Group = Schemas['GroupDto'];
export type GroupPlaylists = Schemas['GroupPlaylistsDto'];
export type Category = Schemas['NamedDto'];
export type BannerVideo = Schemas['BannerVideoDto'];
/** A save_positions entry: where the viewer is in a video. */
export type SavedPosition = Schemas['PositionDto'];
/** A get_continue_watching entry: a video and where the viewer stopped in it. */
export type ContinueWatchingVideo = Schemas['ContinueWatchingDto'];

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

/** A selected filter value; the title is missing for entries read back from an address. */
export type FilterEntry = { id: Id; title?: string; kind: FilterKind };

/** Body `data` of the facet and filter calls: the selection as {id, kind} entries. */
export type FilterData = { data: Array<Schemas['FilterListItemDto']> };

export function toFilterData(entries: FilterEntry[]): FilterData {
  return { data: entries.map(({ id, kind }) => ({ id, kind })) };
}

export type SearchSuggestion = Named;
/** A facet value (artist, composer, tag, genre, mood, activity, video genre) with its kind. */
export type FacetValue = Schemas['FilterEntryDto'];

export type User = Schemas['CurrentUserDto'];
export type JwtPair = Schemas['TokenPairDto'];
export type RegisterBody = Schemas['RegisterDto'];
export type ResetConfirmBody = Schemas['ResetConfirmDto'];
export type UpdateMeBody = Schemas['UpdateMeDto'];
export type SetPasswordBody = Schemas['SetPasswordDto'];
export type DeleteMeBody = Schemas['DeleteMeDto'];

// ---- analysis (spec viewer §3, §7) ----

/** The watermark code (null when none) and fingerprint numbers of the 30 s window. */
export type AnalyzeInfo = Schemas['AnalyzeInfoDto'];

// The tracker's answers: a separate service, outside the OpenAPI document.

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
