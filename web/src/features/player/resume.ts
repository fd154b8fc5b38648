/** Time left, at most, that still counts as the end of a video: the last 10 s... */
export const END_SECONDS = 10;
/** ...a third of a clip under 30 s (the last 10 s would be most of it)... */
export const END_SHARE_OF_SHORT = 1 / 3;
/** ...and at least the last 5 % of a long one (a concert's applause and credits). */
export const END_SHARE = 0.05;

/**
 * Where a video resumes, or null to start it from the beginning. The server forgets positions
 * past 95 % of a video, which in a 36 s clip still leaves 1.8 s: the viewer saw a video
 * "resume" and end at once. So the page decides here, for the player and the Continue watching
 * row alike: a saved position counts as the end when the time left is under 10 s, or under
 * 5 % of the video when that is longer (over 200 s); a clip under 30 s keeps only its last
 * third for the end, so a short clip stopped in its middle still resumes. `duration` is the
 * catalogue's (0: unknown, the position is kept).
 */
export function resumeFrom(position: number | null | undefined, duration: number): number | null {
  if (position == null || !(position > 0)) return null;
  if (!(duration > 0)) return position;
  const end = Math.max(duration * END_SHARE, Math.min(END_SECONDS, duration * END_SHARE_OF_SHORT));
  return duration - position < end ? null : position;
}
