import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fingerprint index as one row per track (`fingerprint_postings`: its postings packed, 8
 * bytes each, libs/recognition packPostings) instead of one row per posting
 * (`fingerprint_hashes`: 19.8 MB on disk per hour of audio, where the packed bytes are 1.8).
 * Each tracker keeps the postings in memory as an inverted index (issue 14: the scale search
 * looked up some 16,000 hashes in Postgres per query, 400 ms).
 *
 * Without a gap in service: the postings are copied here from the rows in SQL (the same bytes
 * as packPostings makes), so a new tracker answers everything at once, and `fingerprint_hashes`
 * stays for the trackers of the previous release until they are gone. A worker of the previous
 * release still writes rows: a trigger packs them into `fingerprint_postings` when it marks the
 * track fingerprinted. The new worker writes only the packed row and deletes the track's old
 * rows. Dropping `fingerprint_hashes` and the bridge is the next release's migration.
 *
 * Every write notifies channel `cuview_fingerprints` with the track id (`*` for a truncate),
 * and stamps `version` from a sequence, so a tracker that lost its listening connection finds
 * what changed by comparing versions. Written by hand: TypeORM cannot declare triggers.
 */
const PACKED_FROM_ROWS = `string_agg(int4send(hash) || int4send(frame), ''::bytea ORDER BY frame, hash)`;

/** The big-endian integer at `offset` of a posting `p` (Postgres's << and | share one precedence). */
const int4At = (offset: number) => [0, 1, 2, 3].map((i) => `(get_byte(p, ${offset + i}) << ${24 - 8 * i})`).join(' | ');

export class FingerprintPostingsPacked1795790000000 implements MigrationInterface {
  name = 'FingerprintPostingsPacked1795790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "fingerprint_postings" (
        "album_track_id" integer NOT NULL,
        "postings" bytea NOT NULL,
        "version" bigint NOT NULL,
        CONSTRAINT "PK_d5f2f471f846bd62b9af03a8323" PRIMARY KEY ("album_track_id")
      )`);
    await queryRunner.query(`
      ALTER TABLE "fingerprint_postings" ADD CONSTRAINT "FK_d5f2f471f846bd62b9af03a8323"
      FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // Random hashes do not compress: stored out of line as they are, read without inflating.
    await queryRunner.query(`ALTER TABLE "fingerprint_postings" ALTER COLUMN "postings" SET STORAGE EXTERNAL`);
    await queryRunner.query(`CREATE SEQUENCE "fingerprint_postings_version_seq"`);
    await queryRunner.query(`
      CREATE FUNCTION cuview_fingerprint_postings_version() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := nextval('fingerprint_postings_version_seq');
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TR_fingerprint_postings_version" BEFORE INSERT OR UPDATE ON "fingerprint_postings"
      FOR EACH ROW EXECUTE FUNCTION cuview_fingerprint_postings_version()`);
    await queryRunner.query(`
      CREATE FUNCTION cuview_fingerprints_changed() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('cuview_fingerprints', '*');
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('cuview_fingerprints', OLD.album_track_id::text);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify('cuview_fingerprints', NEW.album_track_id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TR_fingerprint_postings_changed" AFTER INSERT OR UPDATE OR DELETE ON "fingerprint_postings"
      FOR EACH ROW EXECUTE FUNCTION cuview_fingerprints_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER "TR_fingerprint_postings_truncated" AFTER TRUNCATE ON "fingerprint_postings"
      FOR EACH STATEMENT EXECUTE FUNCTION cuview_fingerprints_changed()`);
    // The bridge for workers of the previous release (see above).
    await queryRunner.query(`
      CREATE FUNCTION cuview_pack_fingerprint_rows() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fingerprint_postings (album_track_id, postings, version)
        SELECT NEW.id, ${PACKED_FROM_ROWS}, 0 FROM fingerprint_hashes WHERE album_track_id = NEW.id HAVING count(*) > 0
        ON CONFLICT (album_track_id) DO UPDATE SET postings = EXCLUDED.postings;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TR_album_tracks_pack_fingerprint_rows" AFTER UPDATE OF fingerprinted_at ON "album_tracks"
      FOR EACH ROW WHEN (NEW.fingerprinted_at IS NOT NULL) EXECUTE FUNCTION cuview_pack_fingerprint_rows()`);
    await queryRunner.query(`
      INSERT INTO fingerprint_postings (album_track_id, postings, version)
      SELECT album_track_id, ${PACKED_FROM_ROWS}, 0 FROM fingerprint_hashes GROUP BY album_track_id`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TR_album_tracks_pack_fingerprint_rows" ON "album_tracks"`);
    await queryRunner.query('DROP FUNCTION cuview_pack_fingerprint_rows()');
    // Tracks indexed since live only here: back to rows for the previous release's tracker.
    await queryRunner.query(`
      INSERT INTO fingerprint_hashes (hash, album_track_id, frame)
      SELECT ${int4At(0)}, f.album_track_id, ${int4At(4)}
        FROM fingerprint_postings f,
             LATERAL (SELECT substring(f.postings FROM i FOR 8) AS p
                        FROM generate_series(1, length(f.postings), 8) AS i) s
      ON CONFLICT DO NOTHING`);
    await queryRunner.query('DROP TABLE "fingerprint_postings"');
    await queryRunner.query('DROP FUNCTION cuview_fingerprints_changed()');
    await queryRunner.query('DROP FUNCTION cuview_fingerprint_postings_version()');
    await queryRunner.query('DROP SEQUENCE "fingerprint_postings_version_seq"');
  }
}
