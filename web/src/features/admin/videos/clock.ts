/** The wizard's time steps: arrows move a tenth of a second, Shift+arrows a second, Page keys ten. */
export const FINE_STEP = 0.1;
export const COARSE_STEP = 1;
export const PAGE_STEP = 10;

/** Seconds rounded to the wizard's finest step (a tenth), without float dust. */
export function toTenths(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/** 65.3 → "1:05.3", 65 → "1:05", 3725 → "1:02:05": the excerpt's bounds as staff read them. */
export function formatClock(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  const clock = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  return fraction ? `${clock}.${fraction}` : clock;
}

/**
 * What staff type: "1:05", "1:05.3", "1:02:05" or plain seconds ("65.3"). Null when it is
 * not a time (letters, seconds or minutes of 60 and more, negative).
 */
export function parseClock(text: string): number | null {
  const match = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const [, hours, minutes, rest] = match;
  const seconds = Number(rest!.replace(',', '.'));
  if (minutes !== undefined && seconds >= 60) return null;
  if (hours !== undefined && Number(minutes) >= 60) return null;
  return toTenths(Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + seconds);
}

/** The change a key asks for on a time control, or null for keys it leaves alone. */
export function keyStep(key: string, shift: boolean): number | 'min' | 'max' | null {
  const step = shift ? COARSE_STEP : FINE_STEP;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return step;
    case 'ArrowLeft':
    case 'ArrowDown':
      return -step;
    case 'PageUp':
      return PAGE_STEP;
    case 'PageDown':
      return -PAGE_STEP;
    case 'Home':
      return 'min';
    case 'End':
      return 'max';
    default:
      return null;
  }
}
