// The one module tests and tools import the seed and the importer from (`@app/catalogue-seed`).
export { seedDemoCatalogue, type SeedOptions, type SeedResult } from './seed.js';
export { fullProfile, smallProfile, type DemoProfile } from './demo/catalogue.js';
export { renderAlbums, type RenderedAlbums } from './demo/music.js';
export { AlbumImporter, collectAudioFiles, type ImportedTrack } from './album-importer.js';
export { JobQueue, type PendingJob } from './services.js';
