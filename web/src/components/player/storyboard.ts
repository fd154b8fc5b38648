/** One frame of a seek-bar storyboard: a region of a sprite sheet, shown from `start` to `end`. */
export type StoryboardFrame = { start: number; end: number; sheet: string; x: number; y: number; w: number; h: number };

function seconds(text: string): number {
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * Reads a storyboard's WebVTT index (cues `sheet-001.jpg#xywh=x,y,w,h`, as PeerTube and
 * Jellyfin write them); sheet addresses are resolved against the index's own address. Cues
 * that are not frames are skipped.
 */
export function parseStoryboard(text: string, indexUrl: string): StoryboardFrame[] {
  const frames: StoryboardFrame[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.trim().split('\n');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing === -1) continue;
    const [from, to] = lines[timing]!.split('-->');
    const target = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(lines[timing + 1]?.trim() ?? '');
    if (!target || from === undefined || to === undefined) continue;
    frames.push({
      start: seconds(from),
      end: seconds(to.trim().split(/\s+/)[0]!),
      sheet: new URL(target[1]!, new URL(indexUrl, window.location.href)).href,
      x: Number(target[2]),
      y: Number(target[3]),
      w: Number(target[4]),
      h: Number(target[5]),
    });
  }
  return frames;
}

/** The frame shown at `time` (the last one past the end). */
export function frameAt(frames: StoryboardFrame[], time: number): StoryboardFrame | undefined {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames[mid]!.start <= time) lo = mid;
    else hi = mid - 1;
  }
  return frames[lo];
}
