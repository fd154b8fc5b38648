import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search in every script. cuview_norm() kept only a-z and 0-9 after unaccent, so a title, name
 * or description in Hebrew, Arabic, Cyrillic, Greek, Devanagari, Thai or CJK normalised to
 * nothing and could not be found ("ליל הנמל" found no video, and the staff list answered every
 * video). It now keeps every letter and digit ([[:alnum:]] under the database's LC_CTYPE, a
 * UTF-8 one such as C.UTF-8; Indic vowel signs count as letters there), still folding case and
 * accents and turning the rest into single spaces; ASCII text normalises exactly as before.
 *
 * The indexes on the function are rebuilt and the stored `videos.title_norm` recomputed
 * where it changes (rows with non-ASCII titles only).
 */
const norm = (keep: string) => `
  CREATE OR REPLACE FUNCTION cuview_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN trim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[^${keep}]+', ' ', 'g'))`;

async function renormalise(queryRunner: QueryRunner, keep: string): Promise<void> {
  await queryRunner.query(norm(keep));
  await queryRunner.query(`UPDATE "videos" SET "title_norm" = cuview_norm("title") WHERE "title" ~ '[^\\x01-\\x7f]'`);
  const indexes: { name: string }[] = await queryRunner.query(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()
       AND indexdef LIKE '%cuview_norm%'`,
  );
  for (const { name } of indexes) await queryRunner.query(`REINDEX INDEX "${name}"`);
}

export class AnyScriptSearch1795920000000 implements MigrationInterface {
  name = 'AnyScriptSearch1795920000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await renormalise(queryRunner, '[:alnum:]');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await renormalise(queryRunner, 'a-z0-9');
  }
}
