import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What staff are told when a finished video's audio holds no readable watermark (Video.watermarkWarning). */
export class VideoWatermarkWarning1795850000000 implements MigrationInterface {
  name = 'VideoWatermarkWarning1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "videos"
            ADD "watermark_warning" text
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "videos" DROP COLUMN "watermark_warning"
        `);
  }
}
