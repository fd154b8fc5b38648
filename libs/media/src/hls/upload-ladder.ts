/**
 * A ladder written for an upload before Save (video renditions, the source's audio not yet
 * marked), recorded beside the original: `originals/…/x.mp4` → `originals/…/x.mp4.ladder.json`.
 * The worker writes it when the run ends, the run after Save reads it (only the marked audio,
 * and the poster, are left to do), and deleting or discarding the upload deletes it.
 */
export interface UploadLadder {
  /** The reserved video id the ladder was written for. */
  videoId: number;
  /** `hls/{videoId}/{run}/`, holding master.m3u8. */
  prefix: string;
  masterKey: string;
  durationSeconds: number;
  storyboardKey: string | null;
}

export function uploadLadderKeyBeside(originalKey: string): string {
  return `${originalKey}.ladder.json`;
}

/** The record upload_video/ keeps beside an original until Save claims it (what was measured, who uploaded). */
export function uploadRecordKeyBeside(originalKey: string): string {
  return `${originalKey}.upload.json`;
}
