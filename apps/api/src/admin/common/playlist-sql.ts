import { viewableVideo } from '../../catalogue/video-sql.js';
import { STAFF_PLAYLIST_IMAGE_KEY } from '../../images/images.repository.js';

/**
 * A playlist summary as JSON, for a `playlists` row aliased `p`: its duration is the sum of
 * its visible videos (DESIGN.md §2.8), its count and cover video take every video (staff see
 * those with access off too).
 */
export const PLAYLIST_SUMMARY_JSON = `json_build_object(
  'id', p.id,
  'title', p.title,
  'status', p.status,
  'updated', p.updated_at,
  'duration', (SELECT COALESCE(sum(v.duration), 0) FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
               WHERE pv.playlist_id = p.id AND ${viewableVideo()}),
  'number_of_videos', (SELECT count(*)::int FROM playlist_videos pv WHERE pv.playlist_id = p.id),
  'video_id', (SELECT pv.video_id FROM playlist_videos pv WHERE pv.playlist_id = p.id ORDER BY pv.position LIMIT 1),
  'has_thumbnail', p.thumbnail_key IS NOT NULL,
  'image', ${STAFF_PLAYLIST_IMAGE_KEY('p')} IS NOT NULL)`;
