import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Status } from '@app/contracts';
import { TestFactories } from '@app/testing';
import { read, startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import { formInit } from '../testing/forms.js';

const SRT = `1
00:00:01,000 --> 00:00:03,500
<font color="#ffff00">Fly me</font> to the <b>moon</b>

2
00:00:04,000 --> 00:00:06,000
<script>alert(1)</script>Let me play <img src=x onerror=alert(1)>among the stars
`;

describe('admin subtitles and the media rules of storyboards and subtitles', () => {
  let kit: AdminTestKit;
  let factories: TestFactories;
  let visible: number;
  let hidden: number;

  const form = (file: string | Buffer, language = 'en', label?: string) =>
    formInit([
      { name: 'language', value: language },
      ...(label === undefined ? [] : [{ name: 'label', value: label }]),
      { name: 'file', filename: 'lyrics.srt', data: Buffer.isBuffer(file) ? file : Buffer.from(file) },
    ]);
  const upload = (videoId: number, file: string | Buffer, language = 'en', label?: string) =>
    kit.call(`/cuviewTV/upload_video_subtitles/${videoId}/`, form(file, language, label));

  /** A video with a stream and a storyboard in storage, as the worker leaves them. */
  async function videoWithStoryboard(status: Status): Promise<number> {
    const video = await factories.video({ status, hlsMasterKey: null });
    const prefix = `hls/${video.id}/run1/`;
    await kit.db.query(
      `UPDATE videos SET hls_master_key = $2, storyboard_key = $3, processing_state = 'ready' WHERE id = $1`,
      [video.id, `${prefix}master.m3u8`, `${prefix}storyboard/storyboard.vtt`],
    );
    await mkdir(join(kit.storageDir, prefix, 'storyboard'), { recursive: true });
    await writeFile(join(kit.storageDir, prefix, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(
      join(kit.storageDir, prefix, 'storyboard', 'storyboard.vtt'),
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsheet-001.jpg#xywh=0,0,160,90\n',
    );
    await writeFile(join(kit.storageDir, prefix, 'storyboard', 'sheet-001.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    return video.id;
  }

  beforeAll(async () => {
    kit = await startAdminKit();
    factories = new TestFactories(kit.db);
    visible = await videoWithStoryboard(Status.On);
    hidden = await videoWithStoryboard(Status.Off);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('converts an SRT to WebVTT with its markup reduced to WebVTT tags, and lists it', async () => {
    const created = await upload(visible, SRT, 'en', 'English lyrics');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ language: 'en', label: 'English lyrics', cues: 2 });
    const file = await kit.api.request(created.body.src);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await file.text()).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nFly me to the <b>moon</b>\n\n' +
        '00:00:04.000 --> 00:00:06.000\nLet me play among the stars\n',
    );
    expect((await kit.call(`/cuviewTV/get_video_subtitles/${visible}/`)).body).toEqual([
      expect.objectContaining({ language: 'en', label: 'English lyrics', cues: 2 }),
    ]);
  });

  it('refuses a broken SRT with 400 naming the line, a file that is not UTF-8, a bad language; nothing is stored', async () => {
    const before = await readdir(join(kit.storageDir, 'hls', String(visible), 'text'));
    const broken = await upload(
      visible,
      '1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:03,000 --> 00:00:0x,000\nBye\n',
      'fr',
    );
    expect(broken).toEqual({
      status: 400,
      body: { message: 'Line 6: expected a time range such as 00:00:01,000 --> 00:00:04,000' },
    });
    const latin1 = await upload(visible, Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCafé\n', 'latin1'), 'fr');
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toMatch(/^Line 3: the file is not UTF-8 text/);
    expect((await upload(visible, SRT, 'french')).status).toBe(400);
    expect((await upload(visible, SRT, 'en', 'x'.repeat(101))).status).toBe(400);
    const tooBig = await upload(visible, Buffer.alloc(600 * 1024, 'a'), 'fr');
    expect(tooBig.status).toBe(413);
    expect(await readdir(join(kit.storageDir, 'hls', String(visible), 'text'))).toEqual(before);
    expect((await kit.call(`/cuviewTV/get_video_subtitles/${visible}/`)).body).toHaveLength(1);
  });

  it('replaces the file of the same language (the old one is removed) and deletes one language', async () => {
    const textDir = join(kit.storageDir, 'hls', String(visible), 'text');
    const first = await upload(visible, 'WEBVTT\n\n00:01.000 --> 00:02.000\nOlá\n', 'pt-br');
    expect(first.body).toMatchObject({ language: 'pt-BR', label: 'Brazilian Portuguese', cues: 1 });
    const second = await upload(visible, 'WEBVTT\n\n00:01.000 --> 00:02.000\nOi\n', 'pt-BR', 'Português');
    expect(second.body).toMatchObject({ language: 'pt-BR', label: 'Português' });
    expect((await readdir(textDir)).filter((f) => f.startsWith('pt-BR-'))).toHaveLength(1);
    expect((await kit.api.request(first.body.src)).status).toBe(404);

    // Concurrent replaces of one language: one row, one file.
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((text) => upload(visible, `WEBVTT\n\n00:01.000 --> 00:02.000\n${text}\n`, 'pt-BR')),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect((await readdir(textDir)).filter((f) => f.startsWith('pt-BR-'))).toHaveLength(1);

    const deleted = await kit.call(`/cuviewTV/delete_video_subtitles/${visible}/pt-BR/`, { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { message: 'Subtitles have been deleted' } });
    expect((await kit.call(`/cuviewTV/delete_video_subtitles/${visible}/pt-BR/`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await readdir(textDir)).filter((f) => f.startsWith('pt-BR-'))).toEqual([]);
    expect((await upload(999_999, SRT)).status).toBe(404);
  });

  it('refuses viewers and visitors', async () => {
    const asViewer = await kit.api.request(`/cuviewTV/upload_video_subtitles/${visible}/`, {
      ...form(SRT, 'de'),
      token: kit.viewerToken,
    });
    expect(asViewer.status).toBe(403);
    expect(await read(asViewer)).toEqual({ message: "You don't have permission for this Action" });
    expect((await kit.api.request(`/cuviewTV/upload_video_subtitles/${visible}/`, form(SRT, 'de'))).status).toBe(401);
    const del = await kit.api.request(`/cuviewTV/delete_video_subtitles/${visible}/en/`, {
      method: 'DELETE',
      token: kit.viewerToken,
    });
    expect(del.status).toBe(403);
    expect((await kit.call(`/cuviewTV/get_video_subtitles/${visible}/`)).body).toHaveLength(1);
  });

  it('gives viewers the storyboard and subtitles of a visible video; a hidden video’s are not public', async () => {
    const video = await read(await kit.api.request(`/cuviewTV/get_video/${visible}/`));
    expect(video.storyboard).toBe(`/cuviewTV/media/hls/${visible}/run1/storyboard/storyboard.vtt`);
    expect(video.subtitles).toEqual([
      {
        language: 'en',
        label: 'English lyrics',
        src: expect.stringMatching(`^/cuviewTV/media/hls/${visible}/text/en-`),
      },
    ]);
    const index = await kit.api.request(video.storyboard);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('sheet-001.jpg#xywh=0,0,160,90');
    expect((await kit.api.request(video.storyboard.replace('storyboard.vtt', 'sheet-001.jpg'))).status).toBe(200);

    const subtitles = await upload(hidden, SRT, 'en');
    expect(subtitles.status).toBe(201);
    for (const key of [
      `hls/${hidden}/run1/storyboard/storyboard.vtt`,
      `hls/${hidden}/run1/storyboard/sheet-001.jpg`,
      subtitles.body.src.replace(/^.*?(hls\/)/, '$1'),
    ]) {
      expect((await kit.api.request(`/cuviewTV/media/${key}`)).status).toBe(404);
    }
    expect((await kit.api.request(`/cuviewTV/get_video/${hidden}/`)).status).toBe(404);
    // Staff preview it through the signed address.
    expect(subtitles.body.src).toMatch(/\/media\/s\//);
    expect((await kit.api.request(subtitles.body.src)).status).toBe(200);
  });
});
