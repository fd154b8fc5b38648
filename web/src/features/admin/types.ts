/**
 * Wire shapes of the admin API (apps/api/src/admin/**.dto.ts, spec admin §3). Only the admin
 * console reads them, so they live with the feature rather than in lib/api/types.ts.
 */

export type IdTitle = { id: number; title: string };
/** 0 = access off, 1 = on (spec §4). */
export type Status = 0 | 1;

/** Where a video is in the media pipeline (libs/contracts ProcessingState). */
export type ProcessingState = 'uploaded' | 'queued' | 'processing' | 'ready' | 'failed' | 'external';

export type VideoSummary = {
  id: number;
  title: string;
  status: Status;
  /** Seconds. */
  duration: number;
  genres: IdTitle[];
  moods: IdTitle[];
  videogenres: IdTitle[];
  tags: IdTitle[];
  artists: string;
  composers: string;
  has_thumbnail: boolean;
  processing_state: ProcessingState;
  processing_progress: number;
  processing_error: string | null;
};

export type VideoList = { videos: VideoSummary[]; videoLength: number };

/** A track excerpt on a video's timeline (seconds). */
export type VideoTrack = {
  id: number;
  track_id: number;
  album_id: number;
  position: number;
  start_time: number;
  end_time: number;
  track_title: string;
  album_title: string;
  catalogue_num: string;
  genre: string;
  artists: string;
  composers: string;
};

export type ProcessingJob = {
  id: string;
  state: string;
  progress: number;
  attempts_made: number;
  failed_reason: string | null;
};

export type VideoInfo = {
  id: number;
  title: string;
  description: string;
  yt_link: string;
  status: Status;
  duration: number;
  genres: IdTitle[];
  moods: IdTitle[];
  videogenres: IdTitle[];
  tags: IdTitle[];
  tracks: VideoTrack[];
  file_original_path_linux: string | null;
  file_path: string | null;
  /** HLS master playlist address, "" until processed. */
  scripted_bunny_path: string;
  playlists: number[];
  has_thumbnail: boolean;
  processing_state: ProcessingState;
  processing_progress: number;
  processing_error: string | null;
  job: ProcessingJob | null;
};

export type UploadAnswer = { file_original_path_linux: string; duration: number };

/** A track as the add form sends it to fill_video_info/. */
export type NewTrack = {
  track_id: number;
  album_id: number;
  position: number;
  start_time: number;
  end_time: number;
};

export type PlaylistSummary = {
  id: number;
  title: string;
  status: Status;
  /** ISO 8601. */
  updated: string;
  duration: number;
  number_of_videos: number;
  video_id: number | null;
  has_thumbnail: boolean;
};

export type PlaylistVideo = VideoSummary & { position: number };
export type PlaylistInfo = PlaylistSummary & { videos: PlaylistVideo[]; groups: number[] };
export type PlaylistList = { playlists: PlaylistSummary[]; playlistLength: number };

export type Group = { id: number; title: string; status: Status; position: number; number_of_playlists: number };
export type GroupPlaylist = {
  id: number;
  title: string;
  status: Status;
  position: number;
  duration: number;
  number_of_videos: number;
  video_id: number | null;
  updated: string;
  has_thumbnail: boolean;
};
export type GroupInfo = Group & { playlists: GroupPlaylist[] };

/** Where an item goes: {id, position} entries of the edit forms. */
export type Position = { id: number; position: number };

export type Banner = {
  id: number;
  video_id: number;
  playlist_id: number;
  group_id: number;
  banner_title: string;
  status: Status;
  position: number;
  video_title: string;
  genres: IdTitle[];
  artists: string;
  composers: string;
  playlist_title: string;
  group_title: string;
  video_duration: number;
  has_image: boolean;
};

export type Category = { id: number; title: string; status: Status; has_icon: boolean };
export type CategoryWithTags = Category & { tags: IdTitle[] };

export type Album = {
  id: number;
  title: string;
  catalogue_num: string;
  genre: IdTitle | null;
  number_of_tracks: number;
  duration: number;
};
export type AlbumList = { albums: Album[]; albumsLength: number };

export type AlbumTrack = {
  id: number;
  position: number;
  title: string;
  genre: string;
  composers: string;
  artists: string;
  duration: number;
  /** Prelistening excerpt address, when the API provides one. */
  excerpt_url?: string | null;
};
export type AlbumTrackList = { tracks: AlbumTrack[]; tracksLength: number };

export type Message = { message: string };
