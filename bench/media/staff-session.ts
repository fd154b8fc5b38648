/**
 * The staff session of issue 15's goal, through the real api and worker (one process each
 * here, on a scratch database, Redis prefix and storage folder): upload the clip, fill in the
 * form for a fixed time, Save, wait for Ready. "Before" holds the video queue from the
 * upload's end until Save, which is the old order (the transcode, watermark included, starts
 * on Save); "after" lets the transcode the upload's end queued run while the form is filled,
 * so Save leaves only the marked audio and the poster.
 */
import { readFile } from 'node:fs/promises';
import { QueueName } from '@app/contracts';
import { ensureTemplate, serviceUrls } from '@app/testing';
import { QueueService } from '../../apps/api/src/queue/queue.service.js';
import { startAdminKit } from '../../apps/api/src/admin/testing/admin-kit.js';
import { formInit } from '../../apps/api/src/admin/testing/forms.js';
import { Seed } from '../../apps/api/src/admin/testing/seed.js';
import { seedVideoParts, startWorkerFor, twoTrackVideo } from '../../apps/api/src/admin/testing/worker.js';

export type SessionOrder = 'before' | 'after';

export interface SessionTimes {
  uploadS: number;
  formS: number;
  /** Save to Ready. */
  saveToReadyS: number;
  /** Upload start to Ready: the figure of the goal. */
  totalS: number;
  /** What the worker had done when Save was pressed, as the Add Video screen showed it. */
  atSave: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runStaffSession(
  clipPath: string,
  order: SessionOrder,
  formSeconds: number,
): Promise<SessionTimes> {
  await ensureTemplate(serviceUrls().databaseUrl);
  const kit = await startAdminKit();
  const worker = await startWorkerFor(kit, 'warn');
  // Paused in Redis: no worker takes a job from it until it is resumed.
  const videoQueue = kit.api.app.get(QueueService).queue(QueueName.Video);
  try {
    const parts = await seedVideoParts(new Seed(kit.db));
    const data = await readFile(clipPath);
    // The old order: nothing of the video runs before Save.
    if (order === 'before') await videoQueue.pause();

    const started = performance.now();
    const upload = await kit.call(
      '/cuviewTV/upload_video/',
      formInit([{ name: 'file', filename: 'session.mp4', data, contentType: 'video/mp4' }]),
    );
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
    const uploaded = performance.now();
    const key = upload.body.file_original_path_linux as string;
    const duration = upload.body.duration as number;

    let atSave = 'nothing';
    const formEnds = uploaded + formSeconds * 1000;
    while (performance.now() < formEnds) {
      const job = await kit.call(`/cuviewTV/upload_processing/?key=${encodeURIComponent(key)}`);
      if (job.body) atSave = job.body.state === 'active' ? `${job.body.stage} ${job.body.progress} %` : job.body.state;
      await sleep(Math.min(1000, Math.max(0, formEnds - performance.now())));
    }

    const saved = performance.now();
    const fill = await kit.call(
      '/cuviewTV/fill_video_info/',
      formInit([{ name: 'data', value: JSON.stringify(twoTrackVideo(key, duration, parts, 'Session clip')) }]),
    );
    if (fill.status !== 201) throw new Error(`fill answered ${fill.status}: ${JSON.stringify(fill.body)}`);
    if (order === 'before') await videoQueue.resume();
    const id = fill.body.id as number;
    for (;;) {
      const info = await kit.call(`/cuviewTV/get_video_info/${id}/`);
      if (info.body.processing_state === 'ready') break;
      if (info.body.processing_state === 'failed') throw new Error(`transcode failed: ${info.body.processing_error}`);
      await sleep(250);
    }
    const ready = performance.now();
    return {
      uploadS: (uploaded - started) / 1000,
      formS: (saved - uploaded) / 1000,
      saveToReadyS: (ready - saved) / 1000,
      totalS: (ready - started) / 1000,
      atSave,
    };
  } finally {
    await videoQueue.resume().catch(() => undefined);
    await worker.stop();
    await kit.close();
  }
}
