import { describe, expect, it } from 'vitest';
import { uploadStatus } from '../../videos/UploadPanel';
import { SpeedMeter } from './upload-video';

describe('upload speed and time left', () => {
  it('measures over the last seconds and says how long is left', () => {
    let now = 0;
    const meter = new SpeedMeter(() => now);
    expect(meter.sample(0, 100_000_000, false)).toMatchObject({ bytesPerSecond: null, secondsLeft: null });
    now = 2000;
    const at = meter.sample(20_000_000, 100_000_000, false);
    expect(at).toMatchObject({ fraction: 0.2, bytesPerSecond: 10_000_000, secondsLeft: 8 });
    const file = new File([], 'concert.mp4');
    expect(uploadStatus({ phase: 'uploading', file, progress: at.fraction, ...at })).toBe(
      'Uploading… 20 % · 10.0 MB/s · 0:00:08 left',
    );
  });

  it('starts measuring again when a resumed request counts from a lower offset', () => {
    let now = 0;
    const meter = new SpeedMeter(() => now);
    meter.sample(0, 1000, true);
    now = 1000;
    meter.sample(600, 1000, true);
    now = 1500;
    expect(meter.sample(400, 1000, true)).toMatchObject({ bytesPerSecond: null, resumed: true });
    now = 2500;
    expect(meter.sample(500, 1000, true)).toMatchObject({ bytesPerSecond: 100, secondsLeft: 5 });
  });
});
