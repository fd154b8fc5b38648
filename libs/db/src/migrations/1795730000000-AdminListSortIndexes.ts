import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the staff console's sortable lists (bench/admin, 10,000 videos): each sort
 * column with the id that breaks ties, so a page in any order is read from an index instead
 * of sorting the whole table. Written by hand: TypeORM cannot declare
 * an expression or partial index; the entities mark them `synchronize: false`.
 */
const INDEXES: [name: string, definition: string][] = [
  ['IDX_videos_sort_title', '"videos" ("title_norm", "id")'],
  ['IDX_videos_sort_duration', '"videos" ("duration", "id")'],
  ['IDX_videos_sort_created', '"videos" ("created_at", "id")'],
  ['IDX_videos_sort_updated', '"videos" ("updated_at", "id")'],
  ['IDX_videos_sort_status', '"videos" ("status", "id")'],
  ['IDX_videos_sort_state', '"videos" ("processing_state", "id")'],
  ['IDX_playlists_sort_title', '"playlists" (lower("title"), "id") WHERE "user_id" IS NULL'],
  ['IDX_playlists_sort_created', '"playlists" ("created_at", "id") WHERE "user_id" IS NULL'],
  ['IDX_playlists_sort_updated', '"playlists" ("updated_at", "id") WHERE "user_id" IS NULL'],
];

export class AdminListSortIndexes1795730000000 implements MigrationInterface {
  name = 'AdminListSortIndexes1795730000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) await queryRunner.query(`CREATE INDEX "${name}" ON ${definition}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of INDEXES) await queryRunner.query(`DROP INDEX "${name}"`);
  }
}
