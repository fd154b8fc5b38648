import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells every api process which videos' search text changed, so that an in-memory search
 * index (SEARCH_ENGINE=memory, apps/api/src/search/search-index.ts) reads just those again.
 * Triggers, as for the catalogue cache (CatalogueChangeNotify), so that every writer is seen
 * and a rolled-back write notifies nobody.
 *
 * Channel `cuview_search`, payload a video id, or `*` (a truncate: read everything again).
 * A video's search text is its title, description and status, and the names of the artists
 * and composers of the album tracks on its timeline; a change to any of them names each video
 * it touches (an artist's rename, every video of theirs). Written by hand: TypeORM cannot
 * declare triggers.
 */
const VIDEOS_OF_ROW = `
  SELECT (r ->> 'id')::int WHERE TG_TABLE_NAME = 'videos'
  UNION SELECT (r ->> 'video_id')::int WHERE TG_TABLE_NAME = 'video_tracks'
  UNION SELECT vt.video_id FROM video_tracks vt
    WHERE TG_TABLE_NAME IN ('album_track_members', 'album_track_composers')
      AND vt.album_track_id = (r ->> 'album_track_id')::int
  UNION SELECT vt.video_id FROM album_track_members l JOIN video_tracks vt ON vt.album_track_id = l.album_track_id
    WHERE TG_TABLE_NAME = 'members' AND l.member_id = (r ->> 'id')::int
  UNION SELECT vt.video_id FROM album_track_composers l JOIN video_tracks vt ON vt.album_track_id = l.album_track_id
    WHERE TG_TABLE_NAME = 'composers' AND l.composer_id = (r ->> 'id')::int`;

/** Each table, and the condition under which an update changes search text. */
const TABLES: [table: string, updated: string][] = [
  [
    'videos',
    '(OLD.title_norm, OLD.description, OLD.status) IS DISTINCT FROM (NEW.title_norm, NEW.description, NEW.status)',
  ],
  ['video_tracks', '(OLD.video_id, OLD.album_track_id) IS DISTINCT FROM (NEW.video_id, NEW.album_track_id)'],
  ['album_track_members', 'OLD IS DISTINCT FROM NEW'],
  ['album_track_composers', 'OLD IS DISTINCT FROM NEW'],
  ['members', 'OLD.title IS DISTINCT FROM NEW.title'],
  ['composers', 'OLD.title IS DISTINCT FROM NEW.title'],
];

export class SearchChangeNotify1795820000000 implements MigrationInterface {
  name = 'SearchChangeNotify1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION cuview_search_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        r jsonb;
        video int;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('cuview_search', '*');
          RETURN NULL;
        END IF;
        -- OLD is null for an insert, NEW for a delete; an update names the videos of both.
        FOREACH r IN ARRAY ARRAY[to_jsonb(OLD), to_jsonb(NEW)] LOOP
          CONTINUE WHEN r IS NULL;
          FOR video IN ${VIDEOS_OF_ROW} LOOP
            PERFORM pg_notify('cuview_search', video::text);
          END LOOP;
        END LOOP;
        RETURN NULL;
      END
      $$
    `);
    for (const [table, updated] of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "TR_${table}_search_changed" AFTER INSERT OR DELETE ON "${table}" ` +
          'FOR EACH ROW EXECUTE FUNCTION cuview_search_changed()',
      );
      await queryRunner.query(
        `CREATE TRIGGER "TR_${table}_search_updated" AFTER UPDATE ON "${table}" FOR EACH ROW ` +
          `WHEN (${updated}) EXECUTE FUNCTION cuview_search_changed()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "TR_${table}_search_truncated" AFTER TRUNCATE ON "${table}" ` +
          'FOR EACH STATEMENT EXECUTE FUNCTION cuview_search_changed()',
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TABLES) {
      for (const name of ['changed', 'updated', 'truncated'])
        await queryRunner.query(`DROP TRIGGER "TR_${table}_search_${name}" ON "${table}"`);
    }
    await queryRunner.query('DROP FUNCTION cuview_search_changed()');
  }
}
