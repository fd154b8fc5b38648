// @app/media: ffmpeg/ffprobe, sharp and object storage for the worker and the API.
// Framework-free: no NestJS, no TypeORM; tools, logger, limits and callbacks are passed in.

export * from './errors.js';
export {
  FFMPEG_QUIET,
  FFPROBE_QUIET,
  runProcess,
  type MediaLogger,
  type MediaToolOptions,
  type RunOptions,
  type RunResult,
} from './process.js';
export { FfmpegProgressParser, type MediaProgress, type ProgressCallback } from './progress.js';
export { safeInputArgs, fileUrl } from './safe-input.js';
export { sniffMediaFile, sniffMediaBytes, type MediaKind, type SniffedContainer } from './sniff.js';
export {
  probeMedia,
  scanKeyframes,
  summarisePackets,
  parseFfprobeJson,
  FfprobeCommand,
  KeyframeScanCommand,
  type MediaProbe,
  type StreamInfo,
  type KeyframeScan,
  type ProbeOptions,
} from './probe.js';

export {
  assertEndsWhole,
  checkMediaEnd,
  durationTolerance,
  formatSeconds,
  latestPacketEnd,
  type MediaEndCheck,
} from './integrity.js';

export * from './hls/ladder-plan.js';
export {
  HlsLadderCommand,
  HlsAudioCommand,
  MASTER_PLAYLIST,
  AUDIO_RENDITION,
  DEFAULT_ENCODER_THREADS,
  type HlsLadderInput,
} from './hls/hls-ladder-command.js';
export {
  transcodeHlsLadder,
  transcodeHlsAudio,
  scanKeyframesIfCopyPossible,
  completeMasterPlaylist,
  checkLadderLength,
  type TranscodeHlsOptions,
  type TranscodeHlsAudioOptions,
  type HlsLadderResult,
  type HlsRenditionResult,
} from './hls/transcode-hls.js';
export * from './hls/master-playlist.js';
export * from './hls/upload-ladder.js';
export { avcCodecFromInitSegment, avcCodecFromProfile, AAC_LC_CODEC } from './hls/codecs.js';

export * from './audio/pcm.js';
export * from './audio/excerpt.js';
export * from './audio/waveform.js';
export * from './poster.js';

export * from './image/image.js';
export * from './image/svg-icon.js';

export * from './storage/storage.js';
export * from './storage/keys.js';
export * from './storage/local-storage.js';
export * from './storage/s3-storage.js';
export * from './storage/put-directory.js';
export * from './storage/create-storage.js';

export {
  generateTestVideo,
  generateTestAudio,
  truncateCopy,
  TestVideoCommand,
  type TestVideoOptions,
} from './testing/generate.js';
export {
  inspectHlsLadder,
  joinHlsRendition,
  type InspectedLadder,
  type InspectedPlaylist,
} from './testing/hls-inspect.js';
export { startTestS3Server, type TestS3Server } from './testing/s3-server.js';
export * from './storyboard.js';
export * from './subtitles.js';
