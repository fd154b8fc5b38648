import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells every api process when the public catalogue changes, so that their read caches
 * (apps/api/src/catalogue-cache) drop answers that may no longer be true. Triggers rather than
 * calls in the application: they see every writer (admin, personal playlists, the worker
 * flipping a video's HLS ladder or marking a track fingerprinted, a psql session), and
 * NOTIFY is delivered only when the writing transaction commits, never for a rollback.
 *
 * Channel `cuview_catalogue`, payload `*` (anything may have changed) or `playlist:<id>`
 * (only that playlist's contents, title, status or group changed). Identical notifications
 * of one transaction are folded into one by Postgres.
 *
 * Column changes that no viewer answer shows are left out, so that a transcode's progress
 * updates (several a second per running job) do not empty the caches.
 */
const CATALOGUE_TABLES = [
  'videos',
  'video_tracks',
  'albums',
  'album_tracks',
  'album_track_members',
  'album_track_composers',
  'track_links',
  'members',
  'composers',
  'genres',
  'moods',
  'activities',
  'tags',
  'video_genres',
  'video_genre_links',
  'video_moods',
  'video_activities',
  'video_tags',
  'video_videogenres',
  'watermark_codes',
  'groups',
  'categories',
  'category_tags',
  'banner_videos',
];
/** Tables whose rows belong to one playlist, and the column naming it. */
const PLAYLIST_TABLES: [table: string, column: string][] = [
  ['playlists', 'id'],
  ['playlist_videos', 'playlist_id'],
  ['group_playlists', 'playlist_id'],
];
/** Columns no viewer answer shows, whose updates therefore notify nobody. */
const UNSEEN: Record<string, string[]> = {
  videos: ['processing_state', 'processing_progress', 'processing_error', 'original_key', 'updated_at'],
  album_tracks: ['audio_key', 'excerpt_key'],
};

export class CatalogueChangeNotify1795280000001 implements MigrationInterface {
  name = 'CatalogueChangeNotify1795280000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION cuview_catalogue_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('cuview_catalogue', '*');
        RETURN NULL;
      END
      $$
    `);
    await queryRunner.query(`
      CREATE FUNCTION cuview_playlist_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM pg_notify('cuview_catalogue', 'playlist:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          PERFORM pg_notify('cuview_catalogue', 'playlist:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
        END IF;
        RETURN NULL;
      END
      $$
    `);
    for (const table of CATALOGUE_TABLES) {
      const unseen = UNSEEN[table];
      if (unseen) {
        const seen = (row: string) => `(to_jsonb(${row}) - '{${unseen.join(',')}}'::text[])`;
        await queryRunner.query(
          `CREATE TRIGGER "TR_${table}_catalogue_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "${table}" ` +
            'FOR EACH STATEMENT EXECUTE FUNCTION cuview_catalogue_changed()',
        );
        await queryRunner.query(
          `CREATE TRIGGER "TR_${table}_catalogue_updated" AFTER UPDATE ON "${table}" FOR EACH ROW ` +
            `WHEN (${seen('OLD')} IS DISTINCT FROM ${seen('NEW')}) EXECUTE FUNCTION cuview_catalogue_changed()`,
        );
      } else {
        await queryRunner.query(
          `CREATE TRIGGER "TR_${table}_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" ` +
            'FOR EACH STATEMENT EXECUTE FUNCTION cuview_catalogue_changed()',
        );
      }
    }
    for (const [table, column] of PLAYLIST_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "TR_${table}_playlist_changed" AFTER INSERT OR UPDATE OR DELETE ON "${table}" ` +
          `FOR EACH ROW EXECUTE FUNCTION cuview_playlist_changed('${column}')`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "TR_${table}_catalogue_changed" AFTER TRUNCATE ON "${table}" ` +
          'FOR EACH STATEMENT EXECUTE FUNCTION cuview_catalogue_changed()',
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of PLAYLIST_TABLES) {
      await queryRunner.query(`DROP TRIGGER "TR_${table}_catalogue_changed" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "TR_${table}_playlist_changed" ON "${table}"`);
    }
    for (const table of CATALOGUE_TABLES) {
      if (UNSEEN[table]) await queryRunner.query(`DROP TRIGGER "TR_${table}_catalogue_updated" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "TR_${table}_catalogue_changed" ON "${table}"`);
    }
    await queryRunner.query('DROP FUNCTION cuview_playlist_changed()');
    await queryRunner.query('DROP FUNCTION cuview_catalogue_changed()');
  }
}
