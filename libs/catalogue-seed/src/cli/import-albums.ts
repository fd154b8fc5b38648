// `npm run import:albums -- <folder>`: imports every audio file under the folder (see
// AlbumImporter). Exit code 0 when every file imported, 1 when any was skipped, 2 on bad usage.
import { resolve } from 'node:path';
import { createDataSource } from '@app/db';
import { AlbumImporter, collectAudioFiles } from '../album-importer.js';
import { loadToolConfig, reportFatal } from './tool-config.js';
import { createStorage } from '@app/media';
import { JobQueue } from '../services.js';

async function main(): Promise<void> {
  const folder = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!folder) {
    console.error('Usage: npm run import:albums -- <folder with audio files>');
    process.exitCode = 2;
    return;
  }
  const config = loadToolConfig();
  const root = resolve(folder);
  const files = await collectAudioFiles(root);
  if (files.length === 0) {
    console.error(`No audio files (mp3, m4a, aac, flac, ogg, opus, wav) under ${root}`);
    process.exitCode = 1;
    return;
  }
  console.log(`Importing ${files.length} audio file(s) from ${root}`);
  const dataSource = await createDataSource(config.DATABASE_URL).initialize();
  const queue = new JobQueue(config.REDIS_URL, config.REDIS_PREFIX);
  try {
    const summary = await new AlbumImporter(createStorage(config)).importFiles(
      dataSource,
      queue,
      files,
      console.log,
      root,
    );
    const albums = new Set(summary.imported.map((t) => t.albumId)).size;
    console.log(
      `Done: ${summary.imported.length} track(s) on ${albums} album(s) imported, ${summary.failed.length} skipped.`,
    );
    for (const failure of summary.failed) console.log(`  skipped ${failure.file}: ${failure.message}`);
    if (summary.failed.length > 0) process.exitCode = 1;
  } finally {
    await queue.close();
    await dataSource.destroy();
  }
}

main().catch(reportFatal);
