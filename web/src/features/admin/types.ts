/**
 * Wire shapes of the admin API (apps/api/src/admin/**.dto.ts, spec admin §3): aliases of the
 * schemas generated from the OpenAPI document (DESIGN §2.15). Only the admin console reads
 * them, so the names live with the feature rather than in lib/api/types.ts.
 */
import type { components } from '@/lib/api/schema.gen';

type Schemas = components['schemas'];

export type IdTitle = Schemas['AdminIdTitleDto'];
/** 0 = access off, 1 = on (spec §4). */
export type Status = 0 | 1;

/** Where a video is in the media pipeline (libs/contracts ProcessingState). */
export type ProcessingState = Schemas['AdminVideoSummaryDto']['processing_state'];

export type VideoSummary = Schemas['AdminVideoSummaryDto'];
export type VideoList = Schemas['AdminVideoListDto'];
/** A track excerpt on a video's timeline (seconds). */
export type VideoTrack = Schemas['AdminVideoTrackDto'];
export type ProcessingJob = Schemas['AdminProcessingJobDto'];
export type VideoInfo = Schemas['AdminVideoInfoDto'];
export type UploadAnswer = Schemas['AdminUploadAnswerDto'];

/**
 * A track as the add form sends it to fill_video_info/ (inside the multipart `data` field,
 * which the document can only describe as a string).
 */
export type NewTrack = {
  track_id: number;
  album_id: number;
  position: number;
  start_time: number;
  end_time: number;
};

export type PlaylistSummary = Schemas['AdminPlaylistSummaryDto'];
export type PlaylistVideo = Schemas['AdminPlaylistVideoDto'];
export type PlaylistInfo = Schemas['AdminPlaylistInfoDto'];
export type PlaylistList = Schemas['AdminPlaylistListDto'];

export type Group = Schemas['AdminGroupDto'];
export type GroupPlaylist = Schemas['AdminGroupPlaylistDto'];
export type GroupInfo = Schemas['AdminGroupInfoDto'];
/** add_playlist_to_group answer: where the playlist landed in the group. */
export type GroupMembership = Schemas['AdminGroupMembershipDto'];

/** Where an item goes: {id, position} entries of the edit forms. */
export type Position = Schemas['AdminPositionDto'];

export type Banner = Schemas['AdminBannerDto'];

export type Category = Schemas['AdminCategoryDto'];
export type CategoryWithTags = Schemas['AdminCategoryWithTagsDto'];

export type Album = Schemas['AdminAlbumDto'];
export type AlbumList = Schemas['AdminAlbumListDto'];
export type AlbumTrack = Schemas['AdminAlbumTrackDto'] & {
  /** Prelistening excerpt address: not in the API yet (TrackWizard plays it when present). */
  excerpt_url?: string | null;
};
export type AlbumTrackList = Omit<Schemas['AdminAlbumTrackListDto'], 'tracks'> & { tracks: AlbumTrack[] };

export type Message = Schemas['AdminMessageDto'];
export type RevisionMessage = Schemas['AdminRevisionMessageDto'];

export type ProcessingItem = Schemas['AdminProcessingItemDto'];
export type ProcessingOverview = Schemas['AdminProcessingOverviewDto'];
export type ProcessingFailures = Schemas['AdminProcessingFailuresDto'];
