import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The edit forms' revision of videos, playlists, themes and banners: a save made from an older one is refused (409). */
export class EditRevisions1795860000000 implements MigrationInterface {
  name = 'EditRevisions1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "videos"
            ADD "revision" integer NOT NULL DEFAULT '1'
        `);
    await queryRunner.query(`
            ALTER TABLE "playlists"
            ADD "revision" integer NOT NULL DEFAULT '1'
        `);
    await queryRunner.query(`
            ALTER TABLE "groups"
            ADD "revision" integer NOT NULL DEFAULT '1'
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos"
            ADD "revision" integer NOT NULL DEFAULT '1'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "banner_videos" DROP COLUMN "revision"
        `);
    await queryRunner.query(`
            ALTER TABLE "groups" DROP COLUMN "revision"
        `);
    await queryRunner.query(`
            ALTER TABLE "playlists" DROP COLUMN "revision"
        `);
    await queryRunner.query(`
            ALTER TABLE "videos" DROP COLUMN "revision"
        `);
  }
}
