import { describe, expect, it } from 'vitest';
import { TRACKER_BASE } from '@/lib/api/client';
import { mockFetch } from '@/testing/fetch-mock';
import { getInfoByFootprint, getInfoByWatermark } from './tracker';

const track = { track_id: 7, track_title: 'Blue Hour', result_link: 'https://store.example/t/7' };

describe('the tracker calls', () => {
  it('send the detected code with the protocol constants and read watermark_info from data.result', async () => {
    const { calls } = mockFetch({
      [`POST ${TRACKER_BASE}get_info_by_wm_nums`]: {
        json: { result: { wm_track: track, result_link: track.result_link } },
      },
    });
    const info = await getInfoByWatermark({ watermark: 4242, sessionId: '1700000000-7', videoId: 1526, startPos: 0 });
    expect(calls[0]!.body).toEqual({
      wm_numbers: [4242, 156, 300, 400],
      get_as_link: true,
      session_id: '1700000000-7',
      video_id: 1526,
      start_pos: 0,
    });
    expect(info?.wm_track?.track_title).toBe('Blue Hour');
    expect(info?.result_link).toBe('https://store.example/t/7');
  });

  it('send the footprint with the video and window start, read footprint_info, and no match as nothing', async () => {
    const { calls } = mockFetch({
      [`POST ${TRACKER_BASE}get_info_by_fp_nums`]: { json: { result: { fp_track: track, result_link: 'x' } } },
      [`POST ${TRACKER_BASE}get_info_by_wm_nums`]: { json: { result: null, message: 'No match' } },
    });
    const info = await getInfoByFootprint({ footprint: [1, 2], sessionId: 's', videoId: 403, startPos: 15 });
    expect(info?.fp_track?.track_id).toBe(7);
    expect(calls[0]!.body).toEqual({
      fp_numbers: [1, 2],
      get_as_link: true,
      session_id: 's',
      video_id: 403,
      start_pos: 15,
    });
    expect(await getInfoByWatermark({ watermark: 1, sessionId: 's', videoId: 1, startPos: 0 })).toBeNull();
  });
});
