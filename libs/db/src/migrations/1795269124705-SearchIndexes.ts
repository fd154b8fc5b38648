import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Written by hand: TypeORM cannot generate extensions, functions or expression indexes. The
 * entities declare these indexes with `synchronize: false` so generation leaves them alone.
 *
 * cuview_norm() is the one definition of "matching ignores case, accents and punctuation"
 * (DESIGN.md §4): "Spider-Man" and "spider man" both become "spider man", "Beyoncé" becomes
 * "beyonce". Queries compare cuview_norm(column) with cuview_norm($input).
 */
export class SearchIndexes1795269124705 implements MigrationInterface {
  name = 'SearchIndexes1795269124705';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS unaccent');
    await queryRunner.query(`
      CREATE FUNCTION cuview_norm(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      RETURN trim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[^a-z0-9]+', ' ', 'g'))
    `);
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_users_email_lower" ON "users" (lower("email"))');
    for (const table of ['genres', 'moods', 'activities', 'tags', 'video_genres']) {
      await queryRunner.query(`CREATE UNIQUE INDEX "UQ_${table}_title_lower" ON "${table}" (lower("title"))`);
    }
    for (const table of [
      'genres',
      'moods',
      'activities',
      'tags',
      'video_genres',
      'members',
      'composers',
      'albums',
      'videos',
      'playlists',
    ]) {
      await queryRunner.query(
        `CREATE INDEX "IDX_${table}_title_trgm" ON "${table}" USING gin (cuview_norm("title") gin_trgm_ops)`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'genres',
      'moods',
      'activities',
      'tags',
      'video_genres',
      'members',
      'composers',
      'albums',
      'videos',
      'playlists',
    ]) {
      await queryRunner.query(`DROP INDEX "IDX_${table}_title_trgm"`);
    }
    for (const table of ['genres', 'moods', 'activities', 'tags', 'video_genres']) {
      await queryRunner.query(`DROP INDEX "UQ_${table}_title_lower"`);
    }
    await queryRunner.query('DROP INDEX "UQ_users_email_lower"');
    await queryRunner.query('DROP FUNCTION cuview_norm(text)');
  }
}
