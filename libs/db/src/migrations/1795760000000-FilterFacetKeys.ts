import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `videos.facet_keys`: the video's tags, genres, moods, activities and video genres as one
 * sorted array of keys (kind << 32 | id, kinds as in FilterKind), kept by triggers on the five
 * link tables, with a GIN index over visible videos (issue 18, apps/api/src/search/search-sql.ts).
 * A filter of several kinds is then one index scan that intersects compressed posting lists,
 * instead of reading every link row of every chosen value and intersecting them in a hash.
 * Written by hand: TypeORM cannot declare a partial GIN index or triggers.
 */
const LINKS: [table: string, column: string, kind: number][] = [
  ['video_tags', 'tag_id', 2],
  ['video_genre_links', 'genre_id', 4],
  ['video_moods', 'mood_id', 5],
  ['video_activities', 'activity_id', 6],
  ['video_videogenres', 'video_genre_id', 8],
];

/** Every (video_id, key) pair of the five link tables; `where` narrows each branch. */
export function facetKeyRows(where = ''): string {
  return LINKS.map(
    ([table, column, kind]) => `SELECT video_id, (${kind}::bigint << 32) | ${column} AS k FROM ${table}${where}`,
  ).join(' UNION ALL ');
}

export class FilterFacetKeys1795760000000 implements MigrationInterface {
  name = 'FilterFacetKeys1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "videos" ADD "facet_keys" bigint array');
    await queryRunner.query(`
      CREATE FUNCTION cuview_video_facet_keys(vid integer) RETURNS bigint[]
      LANGUAGE sql STABLE AS $$
        SELECT array_agg(k ORDER BY k) FROM (${facetKeyRows(' WHERE video_id = vid')}) f
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION cuview_refresh_facet_keys() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE videos SET facet_keys = cuview_video_facet_keys(OLD.video_id) WHERE id = OLD.video_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          UPDATE videos SET facet_keys = cuview_video_facet_keys(NEW.video_id) WHERE id = NEW.video_id;
        END IF;
        RETURN NULL;
      END $$`);
    for (const [table] of LINKS) {
      await queryRunner.query(
        `CREATE TRIGGER "TR_${table}_facet_keys" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
         FOR EACH ROW EXECUTE FUNCTION cuview_refresh_facet_keys()`,
      );
    }
    await queryRunner.query(`
      UPDATE videos v SET facet_keys = f.keys
      FROM (SELECT video_id, array_agg(k ORDER BY k) AS keys FROM (${facetKeyRows()}) l GROUP BY video_id) f
      WHERE f.video_id = v.id`);
    await queryRunner.query(
      'CREATE INDEX "IDX_videos_facet_keys" ON "videos" USING gin ("facet_keys") WHERE "status" = 1',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_videos_facet_keys"');
    for (const [table] of LINKS) await queryRunner.query(`DROP TRIGGER "TR_${table}_facet_keys" ON "${table}"`);
    await queryRunner.query('DROP FUNCTION cuview_refresh_facet_keys()');
    await queryRunner.query('DROP FUNCTION cuview_video_facet_keys(integer)');
    await queryRunner.query('ALTER TABLE "videos" DROP COLUMN "facet_keys"');
  }
}
