import { FilterKind, PAGE_SIZE } from '@app/contracts';
import { hiddenVideo, VIDEO_JSON, videoPageQuery, viewableVideo, type SqlQuery } from '../catalogue/video-sql.js';
import { LISTED_EDITORIAL, ownPlaylist, playlistSummariesOf } from '../catalogue/playlist-sql.js';
import type { FilterSelection } from '../common/filter-list.js';

// The SQL of search and filters (DESIGN.md §4), as pure builders so the benchmark's raw `pg`
// baseline runs exactly what the api runs. Text arrives already normalised by cuview_norm
// (letters and digits of any script, single spaces), and matching compares it with
// cuview_norm(title), which every searchable table indexes with a trigram GIN index, and with
// the words of cuview_norm of a video's description (a full-text GIN index). Filters read the videos' facet keys (a GIN
// index) and count up to a cap.

/** Below this many characters trigrams cannot narrow a substring search, so words are prefix-matched. */
const MIN_SUBSTRING = 3;
/** Lists without paging (genres and moods of the filter) are capped all the same. */
const UNPAGED_CAP = 500;
export const SUGGESTIONS = 10;
/** The search's Playlists row: a carousel's worth or two. */
export const PLAYLIST_RESULTS = 12;

/** Where each filter kind lives: its lookup table and the (video_id, value_id) pairs linking it to videos. */
const FACETS: Record<FilterKind, { table: string; link: string }> = {
  [FilterKind.Tag]: { table: 'tags', link: 'SELECT video_id, tag_id AS value_id FROM video_tags' },
  [FilterKind.Genre]: { table: 'genres', link: 'SELECT video_id, genre_id AS value_id FROM video_genre_links' },
  [FilterKind.Mood]: { table: 'moods', link: 'SELECT video_id, mood_id AS value_id FROM video_moods' },
  [FilterKind.Activity]: {
    table: 'activities',
    link: 'SELECT video_id, activity_id AS value_id FROM video_activities',
  },
  [FilterKind.VideoGenre]: {
    table: 'video_genres',
    link: 'SELECT video_id, video_genre_id AS value_id FROM video_videogenres',
  },
  // Artists and composers belong to album tracks; a video has those of the tracks on its timeline.
  [FilterKind.Artist]: {
    table: 'members',
    link: `SELECT vt.video_id, atm.member_id AS value_id
      FROM video_tracks vt JOIN album_track_members atm ON atm.album_track_id = vt.album_track_id`,
  },
  [FilterKind.Composer]: {
    table: 'composers',
    link: `SELECT vt.video_id, atc.composer_id AS value_id
      FROM video_tracks vt JOIN album_track_composers atc ON atc.album_track_id = vt.album_track_id`,
  },
};

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Appends a value and answers its placeholder. */
function bind(values: unknown[], value: unknown): string {
  values.push(value);
  return `$${values.length}`;
}

/**
 * "Title contains the text" ignoring case, accents and punctuation, plus close spellings
 * (trigram word similarity). Short texts match the start of a word instead. `norm` is the
 * normalised title: videos store it (title_norm), small lookup tables compute cuview_norm(title).
 */
function textMatches(norm: string, q: string, values: unknown[]): string {
  if (q.length >= MIN_SUBSTRING) {
    return `(${norm} LIKE ${bind(values, `%${likeEscape(q)}%`)} OR ${bind(values, q)} <% ${norm})`;
  }
  return `(${norm} LIKE ${bind(values, `${likeEscape(q)}%`)} OR ${norm} LIKE ${bind(values, `% ${likeEscape(q)}%`)})`;
}

/**
 * Sort key of a title match: the exact title, then titles starting with the text, then a word
 * starting with it, then the text anywhere; close spellings last, by similarity. Only those
 * pay for word_similarity(), the costly part at thousands of matches.
 */
function textRank(norm: string, q: string, values: unknown[]): string {
  const text = bind(values, q);
  const e = likeEscape(q);
  return `(CASE WHEN ${norm} = ${text} THEN 4
    WHEN ${norm} LIKE ${bind(values, `${e}%`)} THEN 3
    WHEN ${norm} LIKE ${bind(values, `% ${e}%`)} THEN 2
    WHEN ${norm} LIKE ${bind(values, `%${e}%`)} THEN 1
    ELSE word_similarity(${text}, ${norm}) END)::float8`;
}

/** Kinds whose links each video carries in `videos.facet_keys` (migration FilterFacetKeys). */
const KEYED_KINDS = new Set([
  FilterKind.Tag,
  FilterKind.Genre,
  FilterKind.Mood,
  FilterKind.Activity,
  FilterKind.VideoGenre,
]);

/** A value's key in `videos.facet_keys`: kind << 32 | id (exact in a double: kinds are below 16). */
function facetKey(kind: FilterKind, id: number): number {
  return kind * 2 ** 32 + id;
}

/**
 * Conditions on `videos v` for the visible videos matching every kind of the selection (ids of
 * one kind OR-ed). Tags, genres, moods, activities and video genres are overlaps with the
 * video's facet keys: all of them together are one scan of the GIN index IDX_videos_facet_keys,
 * which intersects compressed posting lists, so the cost follows the smallest list rather than
 * the number of link rows of every chosen value. Artists and composers (reached through album
 * tracks, a few hundred videos each) are a semi-join on their link indexes.
 */
function selectionConditions(selection: FilterSelection, values: unknown[]): string {
  const conditions = [viewableVideo()];
  for (const [kind, ids] of selection) {
    conditions.push(
      KEYED_KINDS.has(kind)
        ? `v.facet_keys && ${bind(
            values,
            ids.map((id) => facetKey(kind, id)),
          )}::bigint[]`
        : `v.id IN (SELECT l.video_id FROM (${FACETS[kind].link}) l WHERE l.value_id = ANY(${bind(values, ids)}::int[]))`,
    );
  }
  return conditions.join(' AND ');
}

/** Visible videos matching the selection, with sort key 0. */
function filteredVideos(selection: FilterSelection, values: unknown[]): string {
  return `SELECT v.id, 0::float8 AS k FROM videos v WHERE ${selectionConditions(selection, values)}`;
}

/**
 * The description as words for full-text search: the same normalisation as titles, then
 * Postgres's 'simple' parser (no stemming, no stop words: descriptions are in any language).
 * IDX_videos_description_fts indexes exactly this expression, so it must not change alone.
 */
const DESCRIPTION_WORDS = `to_tsvector('simple'::regconfig, cuview_norm(v.description))`;

/**
 * Where artists and composers live: their table and the link from them to album tracks, which
 * video_tracks place on videos. Both links have covering (person, track) indexes.
 */
const PEOPLE = [
  { table: 'members', link: 'album_track_members', column: 'member_id' },
  { table: 'composers', link: 'album_track_composers', column: 'composer_id' },
] as const;

/**
 * How much a match counts, by where it is. A title ranks by textRank (4 exact ... 1 anywhere,
 * close spellings below 1); an artist or composer by the same rank on their name, half a step
 * lower, so the exact name of an artist comes before titles that merely start with it; a word
 * of the description last.
 */
const PERSON_RANK_OFFSET = 0.5;
const DESCRIPTION_RANK = 0.3;

/**
 * How many matches of each source a search ranks (DESIGN.md §4). Below it a search is exact:
 * every match is ranked and counted. A common word matches thousands of titles and
 * descriptions at a million videos, and ranking them all costs seconds; so each source hands
 * over at most this many (plus one, which tells that it had more), and the answer says its
 * total is a lower bound (`videoLengthEstimated`). The best title matches, the exact title and
 * titles starting with the text, come from an index in title order (IDX_videos_title_norm_prefix)
 * so that they are never among those left out.
 */
export const SEARCH_CANDIDATES = 1000;
/** The dropdown shows ten: a smaller bounded set is enough. */
const SUGGESTION_CANDIDATES = 200;

/**
 * Full-text search (DESIGN.md §4): visible videos whose title, artists, composers or
 * description match the normalised text, each with its sort key `k` and the source `src` it
 * came from (a video may come from several). Titles and names match as textMatches says
 * (substring or close spelling, through the trigram indexes of title_norm and of
 * cuview_norm(title) of members and composers); a description matches when it holds every
 * word (IDX_videos_description_fts). Each source reads its own index, so no branch scans the
 * videos table, and hands over at most `cap` + 1 rows (SEARCH_CANDIDATES).
 */
function searchHits(q: string, values: unknown[], cap: number): string {
  const limit = `LIMIT ${cap + 1}`;
  // In the prefix index's own order (USING ~<~, text_pattern_ops): ordered by the column's
  // collation instead, Postgres walked IDX_videos_sort_title from "a" filtering for the prefix
  // (7.9 s for suggestions "love" at 1M) rather than reading the prefix's range and stopping.
  const byTitlePrefix = `SELECT v.id, ${textRank('v.title_norm', q, values)} AS k, 0 AS src
    FROM videos v WHERE ${viewableVideo()} AND v.title_norm LIKE ${bind(values, `${likeEscape(q)}%`)}
    ORDER BY v.title_norm USING ~<~ ${limit}`;
  const byTitle = `SELECT v.id, ${textRank('v.title_norm', q, values)} AS k, 1 AS src
    FROM videos v WHERE ${viewableVideo()} AND ${textMatches('v.title_norm', q, values)} ${limit}`;
  // The rank of a name is worked out once per matching person (OFFSET 0 keeps Postgres from
  // folding the subquery into the join and ranking again for each of their videos: 1.5 s
  // instead of 0.1 s for a common word on the bench catalogue). Hidden videos, normally a few,
  // are taken out by an anti-join on IDX_videos_hidden_id.
  const byPeople = PEOPLE.map(
    ({ table, link, column }, i) => `SELECT vt.video_id AS id, p.k, ${2 + i} AS src
    FROM (
      SELECT p.id, ${textRank('cuview_norm(p.title)', q, values)} - ${PERSON_RANK_OFFSET} AS k
      FROM ${table} p WHERE ${textMatches('cuview_norm(p.title)', q, values)} ORDER BY k DESC ${limit} OFFSET 0) p
    JOIN ${link} l ON l.${column} = p.id
    JOIN video_tracks vt ON vt.album_track_id = l.album_track_id
    WHERE NOT EXISTS (SELECT 1 FROM videos h WHERE h.id = vt.video_id AND ${hiddenVideo('h')})
    ${limit}`,
  );
  const byDescription = `SELECT v.id, ${DESCRIPTION_RANK}::float8 AS k, 4 AS src
    FROM videos v WHERE ${viewableVideo()} AND ${DESCRIPTION_WORDS} @@ plainto_tsquery('simple'::regconfig, ${bind(values, q)})
    ${limit}`;
  return [byTitlePrefix, byTitle, ...byPeople, byDescription]
    .map((branch) => `(${branch})`)
    .join('\n    UNION ALL\n    ');
}

/** The search's common table expressions: `hits` (searchHits) and `matched` (each video once, its best key). */
function searchCtes(q: string, values: unknown[], cap: number): string {
  return `WITH hits AS MATERIALIZED (${searchHits(q, values, cap)}),
  matched AS MATERIALIZED (SELECT id, max(k) AS k FROM hits GROUP BY id)`;
}

/** The best ten matches' titles, for the suggestions dropdown. */
export function searchSuggestionsQuery(q: string): SqlQuery {
  const values: unknown[] = [];
  return {
    text: `${searchCtes(q, values, SUGGESTION_CANDIDATES)}
      SELECT v.id, v.title FROM matched m JOIN videos v ON v.id = m.id
      ORDER BY m.k DESC, v.title, v.id LIMIT ${SUGGESTIONS}`,
    values,
  };
}

/** A page of matches, best first, with their number and whether a source had more than it handed over. */
export function searchResultsQuery(q: string, page: number): SqlQuery {
  const values: unknown[] = [];
  const ctes = searchCtes(q, values, SEARCH_CANDIDATES);
  return videoPageQuery(null, values, page, PAGE_SIZE.viewer, {
    ctes,
    estimated: `EXISTS (SELECT 1 FROM hits GROUP BY src HAVING count(*) > ${SEARCH_CANDIDATES})`,
  });
}

/**
 * Playlists whose title matches the text as a video title does (textMatches, best first by
 * textRank), as list items: the editorial playlists viewers reach from the lists
 * (LISTED_EDITORIAL) and, for a signed-in viewer, their own (`userId`), never another user's.
 * Playlists are few (thousands, not millions), and the trigram index on cuview_norm(title)
 * (IDX_playlists_title_trgm) finds the matches.
 */
export function playlistSearchQuery(q: string, userId: number | null): SqlQuery {
  const values: unknown[] = [];
  const norm = 'cuview_norm(p.title)';
  const reachable =
    userId === null ? LISTED_EDITORIAL : `((${LISTED_EDITORIAL}) OR ${ownPlaylist(bind(values, userId))})`;
  const selected = `SELECT p.*, ${textRank(norm, q, values)} AS k FROM playlists p
      WHERE ${textMatches(norm, q, values)} AND ${reachable}
      ORDER BY k DESC, p.title, p.id LIMIT ${PLAYLIST_RESULTS}`;
  return { text: playlistSummariesOf(selected, 'p.k DESC, p.title, p.id'), values };
}

/**
 * How far a filter counts its matches (DESIGN.md §4). Below it the count is exact; a wide
 * filter (one genre holds 50,000 videos at a million) stops counting here and answers the
 * count as a lower bound (`videoLengthEstimated`), as a streaming service shows "1,000+": a
 * count of every match would read all of them for a number nobody pages through.
 */
export const FILTER_COUNT_CAP = 1000;

/**
 * The matches' number, counted up to the cap (or to the end of the page asked for, when that
 * lies further), and whether it stopped there: `total` is then the cap, a lower bound.
 */
function cappedCount(conditions: string, values: unknown[], reach: string): string {
  const upTo = `GREATEST(${bind(values, FILTER_COUNT_CAP)}::int, ${reach})`;
  return `(SELECT (SELECT count(*)::int FROM (SELECT 1 FROM videos v WHERE ${conditions} LIMIT ${upTo} + 1) n) AS counted,
    ${upTo} AS reach) c`;
}

/**
 * A page of the videos matching the selection, newest first, with their capped count. Not a
 * prepared statement (`planEachTime`): whether to walk the primary key backwards (a wide
 * filter: a page is found in the first few hundred ids) or to read the facet index and sort
 * (a narrow one) depends on the chosen values, which a generic plan does not know.
 */
export function filterResultsQuery(selection: FilterSelection, page: number): SqlQuery {
  const values: unknown[] = [];
  const conditions = selectionConditions(selection, values);
  const size = bind(values, PAGE_SIZE.viewer);
  const offset = bind(values, (page - 1) * PAGE_SIZE.viewer);
  return {
    text: `SELECT LEAST(c.counted, c.reach)::int AS total, c.counted > c.reach AS estimated,
  COALESCE((
    SELECT json_agg(${VIDEO_JSON} ORDER BY p.id DESC)
    FROM (SELECT v.id FROM videos v WHERE ${conditions} ORDER BY v.id DESC LIMIT ${size}::int OFFSET ${offset}::bigint) p
    JOIN videos v ON v.id = p.id
  ), '[]'::json) AS videos
FROM ${cappedCount(conditions, values, `${offset}::bigint + ${size}::int`)}`,
    values,
    planEachTime: true,
  };
}

/** The number of videos matching the selection, capped as filterResultsQuery counts. */
export function filterCountQuery(selection: FilterSelection): SqlQuery {
  const values: unknown[] = [];
  const conditions = selectionConditions(selection, values);
  return {
    text: `SELECT LEAST(c.counted, c.reach) AS total, c.counted > c.reach AS estimated
FROM ${cappedCount(conditions, values, '0')}`,
    values,
    planEachTime: true,
  };
}

/**
 * Values of one filter kind that still have visible videos under the selection (which should
 * not hold that kind itself), optionally narrowed by text, a page at a time or all at once.
 */
export function facetQuery(kind: FilterKind, q: string, selection: FilterSelection, page: number | null): SqlQuery {
  const values: unknown[] = [];
  const source = FACETS[kind];
  const narrowed = selection.size > 0;
  const matched = narrowed ? `WITH matched AS MATERIALIZED (${filteredVideos(selection, values)}) ` : '';
  const inSelection = narrowed ? ' AND l.video_id IN (SELECT id FROM matched)' : '';
  const text = q ? ` AND ${textMatches('cuview_norm(f.title)', q, values)}` : '';
  const order = q
    ? `cuview_norm(f.title) LIKE ${bind(values, `${likeEscape(q)}%`)} DESC, f.title, f.id`
    : 'f.title, f.id';
  const limit =
    page === null
      ? `LIMIT ${UNPAGED_CAP}`
      : `LIMIT ${bind(values, PAGE_SIZE.dropdown)} OFFSET ${bind(values, (page - 1) * PAGE_SIZE.dropdown)}`;
  return {
    text: `${matched}SELECT f.id, f.title, ${Number(kind)} AS kind FROM ${source.table} f
      WHERE EXISTS (
        SELECT 1 FROM (${source.link}) l JOIN videos v ON v.id = l.video_id AND ${viewableVideo()}
        WHERE l.value_id = f.id${inSelection})${text}
      ORDER BY ${order} ${limit}`,
    values,
  };
}

/**
 * The search text of visible videos, as an in-memory index holds it (SEARCH_ENGINE=memory,
 * search-index.ts): the normalised title and description, and the normalised names of the
 * artists and composers of the tracks on its timeline. The same sources, normalisation and
 * visibility as searchHits. Either the named videos (`ids`) or, to load everything, the next
 * `limit` after `afterId` in id order.
 */
export function searchDocumentsQuery(which: { ids: number[] } | { afterId: number; limit: number }): SqlQuery {
  const values: unknown[] = [];
  const names = PEOPLE.map(
    ({ table, link, column }) => `(SELECT string_agg(DISTINCT cuview_norm(p.title), ' ')
      FROM video_tracks vt JOIN ${link} l ON l.album_track_id = vt.album_track_id JOIN ${table} p ON p.id = l.${column}
      WHERE vt.video_id = v.id)`,
  );
  const range =
    'ids' in which
      ? `v.id = ANY(${bind(values, which.ids)}::int[])`
      : `v.id > ${bind(values, which.afterId)} ORDER BY v.id LIMIT ${bind(values, which.limit)}`;
  return {
    text: `SELECT v.id, v.title_norm AS title, COALESCE(${names[0]}, '') AS artists, COALESCE(${names[1]}, '') AS composers,
      COALESCE(cuview_norm(v.description), '') AS description
      FROM videos v WHERE ${viewableVideo()} AND ${range}`,
    values,
  };
}

/** The videos named, in that order, as a page of matches (those hidden meanwhile left out). */
export function videosByIdQuery(ids: number[]): SqlQuery {
  return {
    text: `SELECT COALESCE(json_agg(${VIDEO_JSON} ORDER BY p.n), '[]'::json) AS videos
      FROM unnest($1::int[]) WITH ORDINALITY p(id, n) JOIN videos v ON v.id = p.id AND ${viewableVideo()}`,
    values: [ids],
  };
}

/** The titles of the videos named, in that order, for suggestions. */
export function titlesByIdQuery(ids: number[]): SqlQuery {
  return {
    text: `SELECT v.id, v.title FROM unnest($1::int[]) WITH ORDINALITY p(id, n)
      JOIN videos v ON v.id = p.id AND ${viewableVideo()} ORDER BY p.n`,
    values: [ids],
  };
}
