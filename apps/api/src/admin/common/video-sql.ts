const NAMES = (join: string, table: string, column: string) => `(
    SELECT COALESCE(json_agg(json_build_object('id', x.id, 'title', x.title) ORDER BY lower(x.title), x.id), '[]'::json)
    FROM ${join} l JOIN ${table} x ON x.id = l.${column} WHERE l.video_id = v.id)`;

const PEOPLE = (link: string, table: string, column: string) => `(
    SELECT COALESCE(string_agg(x.title, ', ' ORDER BY x.first, x.title, x.id), '')
    FROM (SELECT p.id, p.title, min(vt.position) AS first
          FROM video_tracks vt JOIN ${link} l ON l.album_track_id = vt.album_track_id JOIN ${table} p ON p.id = l.${column}
          WHERE vt.video_id = v.id GROUP BY p.id) x)`;

/** Genres, moods, tags and video genres of a `videos` row aliased `v`, each as [{id, title}]. */
export const VIDEO_FACETS_SQL = {
  genres: NAMES('video_genre_links', 'genres', 'genre_id'),
  moods: NAMES('video_moods', 'moods', 'mood_id'),
  tags: NAMES('video_tags', 'tags', 'tag_id'),
  videogenres: NAMES('video_videogenres', 'video_genres', 'video_genre_id'),
};

/** Artists and composers of a video are those of its tracks, in order of first appearance. */
export const VIDEO_PEOPLE_SQL = {
  artists: PEOPLE('album_track_members', 'members', 'member_id'),
  composers: PEOPLE('album_track_composers', 'composers', 'composer_id'),
};

/**
 * A video as the admin lists show it (spec §2 Admin video list), for a `videos` row aliased
 * `v`, with its processing state so staff see where the media pipeline is.
 */
export const VIDEO_SUMMARY_JSON = `json_build_object(
  'id', v.id,
  'title', v.title,
  'status', v.status,
  'duration', v.duration,
  'genres', ${VIDEO_FACETS_SQL.genres},
  'moods', ${VIDEO_FACETS_SQL.moods},
  'videogenres', ${VIDEO_FACETS_SQL.videogenres},
  'tags', ${VIDEO_FACETS_SQL.tags},
  'artists', ${VIDEO_PEOPLE_SQL.artists},
  'composers', ${VIDEO_PEOPLE_SQL.composers},
  'has_thumbnail', v.thumbnail_key IS NOT NULL,
  'image', v.thumbnail_key IS NOT NULL,
  'processing_state', v.processing_state,
  'processing_progress', v.processing_progress,
  'processing_error', v.processing_error)`;
