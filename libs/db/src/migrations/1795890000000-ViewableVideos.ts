import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Viewers see a video only while its access is on and it can be played: its HLS ladder is ready
 * or it has an external link (viewableVideo in apps/api/src/catalogue/video-sql.ts).
 *
 * - IDX_videos_hidden_id, which search's anti-joins read, now holds every video viewers do not
 *   see; its predicate is hiddenVideo's text, so that Postgres matches the two.
 * - The search change notification (SearchChangeNotify) also fires when a video gains or loses
 *   its ladder or its link, so that an in-memory search index adds or drops it.
 */
const HIDDEN = `"status" <> 1 OR ("hls_master_key" IS NULL AND "yt_link" = '')`;
const SEARCH_TEXT = (row: string, playable: boolean) =>
  `(${row}.title_norm, ${row}.description, ${row}.status${
    playable ? `, ${row}.hls_master_key IS NULL, ${row}.yt_link = ''` : ''
  })`;

async function searchTrigger(queryRunner: QueryRunner, playable: boolean): Promise<void> {
  await queryRunner.query('DROP TRIGGER "TR_videos_search_updated" ON "videos"');
  await queryRunner.query(
    'CREATE TRIGGER "TR_videos_search_updated" AFTER UPDATE ON "videos" FOR EACH ROW ' +
      `WHEN (${SEARCH_TEXT('OLD', playable)} IS DISTINCT FROM ${SEARCH_TEXT('NEW', playable)}) ` +
      'EXECUTE FUNCTION cuview_search_changed()',
  );
}

export class ViewableVideos1795890000000 implements MigrationInterface {
  name = 'ViewableVideos1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_videos_hidden_id"');
    await queryRunner.query(`CREATE INDEX "IDX_videos_hidden_id" ON "videos" ("id") WHERE ${HIDDEN}`);
    await searchTrigger(queryRunner, true);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await searchTrigger(queryRunner, false);
    await queryRunner.query('DROP INDEX "IDX_videos_hidden_id"');
    await queryRunner.query('CREATE INDEX "IDX_videos_hidden_id" ON "videos" ("id") WHERE "status" <> 1');
  }
}
