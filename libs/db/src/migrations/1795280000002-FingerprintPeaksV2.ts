import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fingerprinter keeps other peaks for the index now (fewer, louder ones, paired more often:
 * libs/recognition INDEX_OPTIONS), so postings stored before no longer meet the footprints of
 * queries. Every fingerprinted album track is marked for indexing again: the worker's
 * reconciler queues a track.fingerprint job for each (replacing a completed one still kept in
 * Redis), which replaces the track's postings in one transaction. Going back down needs the
 * same, with the old peaks.
 */
export class FingerprintPeaksV21795280000002 implements MigrationInterface {
  name = 'FingerprintPeaksV21795280000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE album_tracks SET fingerprinted_at = NULL WHERE fingerprinted_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.up(queryRunner);
  }
}
