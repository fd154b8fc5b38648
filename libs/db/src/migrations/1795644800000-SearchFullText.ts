import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over video descriptions (DESIGN.md §4). Written by hand: TypeORM cannot
 * declare an expression index; the Video entity names it with `synchronize: false`.
 *
 * The words are those of cuview_norm(description), so a description matches ignoring case,
 * accents and punctuation as titles do ("saint etienne" finds "Saint-Étienne"), split by the
 * 'simple' configuration: no stemming and no stop words, as descriptions come in any language.
 * The search SQL (apps/api/src/search/search-sql.ts) uses this exact expression. GIN answers
 * a words query exactly, so Postgres never normalises a description at query time.
 */
export class SearchFullText1795644800000 implements MigrationInterface {
  name = 'SearchFullText1795644800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_videos_description_fts" ON "videos" USING gin (to_tsvector('simple'::regconfig, cuview_norm("description")))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_videos_description_fts"');
  }
}
