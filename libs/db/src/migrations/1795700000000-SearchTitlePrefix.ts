import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Titles of visible videos in normalised order, for the part of a search that must stay
 * complete when the match set is bounded (apps/api/src/search/search-sql.ts): the title equal
 * to the text and titles starting with it, read from this index in order, a page at a time,
 * instead of ranking every trigram match. text_pattern_ops so that `LIKE 'text%'` uses it
 * whatever the database's collation. Written by hand: TypeORM cannot declare an operator class.
 */
export class SearchTitlePrefix1795700000000 implements MigrationInterface {
  name = 'SearchTitlePrefix1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "IDX_videos_title_norm_prefix" ON "videos" ("title_norm" text_pattern_ops) WHERE "status" = 1',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_videos_title_norm_prefix"');
  }
}
