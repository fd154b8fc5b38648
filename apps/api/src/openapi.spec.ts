import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { buildOpenApiDocument, OPENAPI_FILE, renderOpenApi, renderWebSchema, WEB_SCHEMA_FILE } from './openapi.js';

// The committed OpenAPI document is what the web client is generated from (DESIGN.md §2.15):
// a decorator change without `npm run openapi` fails here, and so does a document whose web
// types (web/src/lib/api/schema.gen.ts) were not regenerated or were edited by hand.
describe('openapi/openapi.json', () => {
  it('matches the api’s decorators (run `npm run openapi` and commit when this fails)', async () => {
    const fresh = renderOpenApi(await buildOpenApiDocument());
    const committed = await readFile(OPENAPI_FILE, 'utf8');
    expect(committed === fresh).toBe(true);
  });

  it('is what the web client’s types were generated from (run `npm run openapi` and commit when this fails)', async () => {
    const fresh = await renderWebSchema(await readFile(OPENAPI_FILE, 'utf8'));
    const committed = await readFile(WEB_SCHEMA_FILE, 'utf8');
    expect(committed === fresh).toBe(true);
  });

  it('documents the viewer calls at their spec paths', async () => {
    const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8'));
    for (const [method, path] of [
      ['get', '/cuviewTV/get_video/{videoId}'],
      ['post', '/cuviewTV/get_filter_results/{page}'],
      ['get', '/cuviewTV/arrange_videos/{playlist_id}/{position1}/{position2}'],
      ['get', '/cuviewTV/image/{kind}/{id}/{size}'],
      ['get', '/share/{videoId}/{playlistId}/{groupId}'],
    ]) {
      expect(document.paths[path]?.[method]).toBeDefined();
    }
    expect(Object.keys(document.components.schemas.VideoDto.properties)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'duration',
        'scripted_bunny_path',
        'tracks',
        'members',
        'artists',
        'composers',
      ]),
    );
  });
});
