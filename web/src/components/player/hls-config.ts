import type { HlsConfig } from 'hls.js';

/**
 * The player's hls.js settings, also used by the time-to-first-frame bench (bench/media), so
 * the figure it prints is the player's.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  // The picture never needs more pixels than the player shows.
  capLevelToPlayerSize: true,
  // Start on the rendition the default bandwidth estimate allows instead of first loading a
  // segment of the lowest one to measure the bandwidth and then switching before the first
  // frame; the automatic level selection climbs from there as segments arrive.
  testBandwidth: false,
  // Fetch the first segment while the media element is still being attached.
  startFragPrefetch: true,
  enableWorker: true,
};
