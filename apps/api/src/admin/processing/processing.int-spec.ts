import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName } from '@app/contracts';
import { QueueService } from '../../queue/queue.service.js';
import { startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';

describe('admin processing page', () => {
  let kit: AdminTestKit;
  const ids: Record<string, number> = {};

  const insert = async (title: string, state: string, extra: { progress?: number; error?: string } = {}) => {
    const [row]: { id: number }[] = await kit.db.query(
      `INSERT INTO videos (title, description, yt_link, status, duration, original_key, processing_state,
                           processing_progress, processing_error)
       VALUES ($1, '', '', 1, 40, $2, $3, $4, $5) RETURNING id`,
      [title, `originals/2026/01/${crypto.randomUUID()}.mp4`, state, extra.progress ?? 0, extra.error ?? null],
    );
    ids[title] = row!.id;
  };

  beforeAll(async () => {
    kit = await startAdminKit();
    await insert('Ready one', 'ready');
    await insert('Waiting', 'queued');
    await insert('Encoding', 'processing', { progress: 42 });
    await insert('Broken', 'failed', { error: 'The file is not a video' });
  });
  afterAll(async () => kit?.close());

  it('lists what is running, queued and failed across the catalogue, with counts', async () => {
    const { status, body } = await kit.call('/cuviewTV/get_processing_overview/');
    expect(status).toBe(200);
    expect(body.videos.map((v: { title: string }) => v.title)).toEqual(['Encoding', 'Waiting', 'Broken']);
    expect(body.videos[0]).toMatchObject({ processing_state: 'processing', processing_progress: 42, job: null });
    expect(body.videos[2]).toMatchObject({ processing_state: 'failed', processing_error: 'The file is not a video' });
    expect(body.counts).toEqual({ queued: 1, processing: 1, failed: 1 });
  });

  it('answers the failure count and the latest failure for the console to poll', async () => {
    const { status, body } = await kit.call('/cuviewTV/get_processing_failures/');
    expect(status).toBe(200);
    expect(body).toEqual({ failed: 1, latest_failed_at: expect.any(String), latest_title: 'Broken' });
  });

  it('retries a failed video from the page: it is queued again with a fresh job, and leaves the failures', async () => {
    const retried = await kit.call(`/cuviewTV/retry_video_processing/${ids.Broken}/`, { method: 'POST' });
    expect(retried.status).toBe(200);
    expect(retried.body.processing_state).toBe('queued');
    const { body } = await kit.call('/cuviewTV/get_processing_overview/');
    const row = body.videos.find((v: { id: number }) => v.id === ids.Broken);
    expect(row).toMatchObject({ processing_state: 'queued', job: { state: 'waiting', attempts_made: 0 } });
    expect(body.counts).toEqual({ queued: 2, processing: 1, failed: 0 });
    expect((await kit.call('/cuviewTV/get_processing_failures/')).body).toMatchObject({ failed: 0 });
    await kit.api.app.get(QueueService).removeJobs(JobName.VideoTranscode, { videoId: ids.Broken! });
  });
});
