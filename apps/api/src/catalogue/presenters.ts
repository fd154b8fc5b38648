import { ImageKind } from '@app/contracts';
import { versionedImage } from '../images/image-addresses.js';
import type { PlaylistDetailDto, PlaylistSummaryDto } from './dto/playlist.dto.js';
import type { MediaUrls } from './media-urls.js';
import type { PlaylistDetailRow, PlaylistSummaryRow } from './playlist-sql.js';
import { toVideoDto } from './video-sql.js';

export function toPlaylistSummaryDto(row: PlaylistSummaryRow, urls: MediaUrls): PlaylistSummaryDto {
  return {
    id: row.id,
    title: row.title,
    duration: row.duration,
    video_id: row.cover_id,
    video: row.cover_id === null ? null : { id: row.cover_id, scripted_bunny_path: urls.hls(row.cover_hls) },
    images: versionedImage(ImageKind.Playlist, row.id, row.image_key),
    user_id: row.user_id,
    group_id: row.group_id,
    position: row.position,
    number_of_videos: row.number_of_videos,
  };
}

/** Duration and cover follow from the visible videos (DESIGN.md §2.8). */
export function toPlaylistDetailDto(row: PlaylistDetailRow, urls: MediaUrls): PlaylistDetailDto {
  const videos = row.videos.map((video) => toVideoDto(video, urls));
  return {
    id: row.id,
    title: row.title,
    user_id: row.user_id,
    group_id: row.group_id,
    duration: videos.reduce((sum, video) => sum + video.duration, 0),
    video_id: videos[0]?.id ?? null,
    images: versionedImage(ImageKind.Playlist, row.id, row.thumbnail_key ?? row.videos[0]?.thumbnail_key),
    videos,
  };
}
