import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { loadConfig } from '@app/config';
import { createApiApp } from './bootstrap.js';

// The OpenAPI document of the api, generated from its decorators (DESIGN.md §2.15) and
// committed as openapi/openapi.json. `npm run openapi` rewrites it; `npm run openapi -- --check`
// and openapi.spec.ts fail when the committed file is stale.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const OPENAPI_FILE = path.join(ROOT, 'openapi', 'openapi.json');

export async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  // Preview mode creates no providers, so these settings only have to pass validation.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://openapi@127.0.0.1:1/openapi',
    REDIS_URL: 'redis://127.0.0.1:1',
    JWT_SECRET: 'openapi-generation-needs-no-real-secret',
  });
  const app = await createApiApp(config, { logger: false, preview: true });
  try {
    const info = new DocumentBuilder()
      .setTitle('CUVIEW TV API')
      .setDescription(
        'Every call of the viewer and admin specifications, under /cuviewTV/ (trailing slash optional). ' +
          'Errors answer {"message": "..."}; auth endpoints answer as djoser/SimpleJWT.',
      )
      .setVersion('1.0')
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'JWT <access token> (Bearer <access token> also works)',
        },
        'JWT',
      )
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
      .build();
    return SwaggerModule.createDocument(app, info);
  } finally {
    await app.close();
  }
}

/** Stable text: the same decorators always give the same bytes. */
export function renderOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<void> {
  const text = renderOpenApi(await buildOpenApiDocument());
  if (process.argv.includes('--check')) {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    if (committed !== text) {
      console.error(`${path.relative(process.cwd(), OPENAPI_FILE)} is stale: run npm run openapi and commit it`);
      process.exit(1);
    }
    console.log('openapi/openapi.json is up to date');
    return;
  }
  await mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
  await writeFile(OPENAPI_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
