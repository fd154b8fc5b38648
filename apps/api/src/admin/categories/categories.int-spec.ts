import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName, ImageKind } from '@app/contracts';
import { QueueService } from '../../queue/queue.service.js';
import { startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import {
  formInit,
  HTML,
  isPng,
  jpeg,
  png,
  pngBomb,
  SERVER_KEY,
  SVG_WITH_EXTERNAL_REF,
  SVG_WITH_REMOTE_REF,
  SVG_WITH_SCRIPT,
} from '../testing/forms.js';
import { Seed } from '../testing/seed.js';

describe('admin categories', () => {
  let kit: AdminTestKit;
  let seed: Seed;

  beforeAll(async () => {
    kit = await startAdminKit();
    seed = new Seed(kit.db);
  });
  afterAll(async () => kit?.close());

  const iconKey = async (id: number): Promise<string | null> =>
    (await kit.db.query('SELECT icon_key FROM categories WHERE id = $1', [id]))[0].icon_key;

  const storedFiles = async (): Promise<string[]> => {
    try {
      return (await readdir(kit.storageDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(kit.storageDir.length + 1));
    } catch {
      return [];
    }
  };

  it('adds a category with an icon, status 0 by default, and queues the icon resize', async () => {
    const { status, body } = await kit.call(
      '/cuviewTV/add_category/',
      formInit([
        { name: 'title', value: 'Piano' },
        { name: 'image', filename: 'icon.png', data: await png(), contentType: 'image/png' },
      ]),
    );
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      title: 'Piano',
      status: 0,
      has_icon: true,
      // Signed: staff see the icon while the category is off.
      image: expect.stringMatching(/^\/cuviewTV\/image\/s\/\d+\/[\w-]{43}\/category\/\d+\/$/),
      tags: [],
    });
    const key = await iconKey(body.id);
    expect(key).toMatch(SERVER_KEY);
    expect(isPng(await readFile(join(kit.storageDir, key!)))).toBe(true);
    const job = await kit.api.app
      .get(QueueService)
      .findJob(JobName.ImageResize, { kind: ImageKind.Category, id: body.id });
    expect(job?.data).toEqual({ kind: 'category', id: body.id });
  });

  it('adds without an icon, with status 1 when asked', async () => {
    const { status, body } = await kit.call(
      '/cuviewTV/add_category/',
      formInit([
        { name: 'title', value: '  Strings ' },
        { name: 'status', value: '1' },
      ]),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ title: 'Strings', status: 1, has_icon: false });
  });

  it("refuses a missing title with 'Please, Provide Title' and stores nothing", async () => {
    const before = await storedFiles();
    const { status, body } = await kit.call(
      '/cuviewTV/add_category/',
      formInit([
        { name: 'title', value: '   ' },
        { name: 'image', filename: 'icon.png', data: await png() },
      ]),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Please, Provide Title' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses bad status values and unknown fields', async () => {
    const bad = await kit.call(
      '/cuviewTV/add_category/',
      formInit([
        { name: 'title', value: 'X' },
        { name: 'status', value: '7' },
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Status must be 0/);
    const unknown = await kit.call(
      '/cuviewTV/add_category/',
      formInit([
        { name: 'title', value: 'X' },
        { name: 'id', value: '1' },
      ]),
    );
    expect(unknown).toEqual({ status: 400, body: { message: 'Unknown field: id' } });
    const json = await kit.call('/cuviewTV/add_category/', { method: 'POST', json: { title: 'X' } });
    expect(json.status).toBe(415);
  });

  it('lists and gets categories, updates title and status, deletes', async () => {
    const id = await seed.category({ title: 'Old', status: 0 });
    const list = await kit.call('/cuviewTV/get_categories_for_admin/');
    expect(list.body).toContainEqual({ id, title: 'Old', status: 0, has_icon: false, image: null });

    const updated = await kit.call(
      `/cuviewTV/update_category/${id}/`,
      formInit(
        [
          { name: 'title', value: 'New' },
          { name: 'status', value: '1' },
        ],
        'PUT',
      ),
    );
    expect(updated).toEqual({
      status: 200,
      body: { id, title: 'New', status: 1, has_icon: false, image: null, tags: [] },
    });
    const keep = await kit.call(
      `/cuviewTV/update_category/${id}/`,
      formInit([{ name: 'title', value: 'Newer' }], 'PUT'),
    );
    expect(keep.body.status).toBe(1);
    const noTitle = await kit.call(`/cuviewTV/update_category/${id}/`, formInit([{ name: 'title', value: '' }], 'PUT'));
    expect(noTitle).toEqual({ status: 400, body: { message: 'Please, Provide Title' } });

    expect((await kit.call(`/cuviewTV/get_category/${id}/`)).body.title).toBe('Newer');
    expect(await kit.call(`/cuviewTV/delete_category/${id}/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Category has been removed' },
    });
    expect((await kit.call(`/cuviewTV/get_category/${id}/`)).status).toBe(404);
    expect((await kit.call(`/cuviewTV/delete_category/${id}/`, { method: 'DELETE' })).status).toBe(404);
  });

  it('replaces the icon on update and deletes the old file; deleting the category deletes its icon', async () => {
    const created = await kit.call(
      '/cuviewTV/add_category/',
      formInit([
        { name: 'title', value: 'Icons' },
        { name: 'image', filename: 'a.jpg', data: await jpeg() },
      ]),
    );
    const first = (await iconKey(created.body.id))!;
    expect(first).toMatch(/\.jpg$/);
    const updated = await kit.call(
      `/cuviewTV/update_category/${created.body.id}/`,
      formInit(
        [
          { name: 'title', value: 'Icons' },
          { name: 'image', filename: 'b.png', data: await png() },
        ],
        'PUT',
      ),
    );
    expect(updated.status).toBe(200);
    const second = (await iconKey(created.body.id))!;
    expect(second).not.toBe(first);
    const files = await storedFiles();
    expect(files).toContain(second);
    expect(files).not.toContain(first);
    await kit.call(`/cuviewTV/delete_category/${created.body.id}/`, { method: 'DELETE' });
    expect(await storedFiles()).not.toContain(second);
  });

  it('manages category tags: add (GET, idempotent), list, remove', async () => {
    const id = await seed.category();
    const tagA = await seed.name('tags', 'baroque');
    const tagB = await seed.name('tags', 'Allegro');
    expect((await kit.call(`/cuviewTV/add_category_tag/${tagA}/${id}/`)).body).toEqual([
      { id: tagA, title: 'baroque' },
    ]);
    await kit.call(`/cuviewTV/add_category_tag/${tagB}/${id}/`);
    const again = await kit.call(`/cuviewTV/add_category_tag/${tagB}/${id}/`);
    expect(again.body).toEqual([
      { id: tagB, title: 'Allegro' },
      { id: tagA, title: 'baroque' },
    ]);
    expect((await kit.call(`/cuviewTV/get_category_tags/${id}/`)).body).toHaveLength(2);
    expect((await kit.call(`/cuviewTV/add_category_tag/999999/${id}/`)).status).toBe(404);
    expect((await kit.call(`/cuviewTV/add_category_tag/${tagA}/999999/`)).status).toBe(404);

    expect(await kit.call(`/cuviewTV/remove_category_tag/${tagA}/${id}/`, { method: 'DELETE' })).toEqual({
      status: 200,
      body: { message: 'Tag has been deleted' },
    });
    expect((await kit.call(`/cuviewTV/remove_category_tag/${tagA}/${id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await kit.call(`/cuviewTV/get_category_tags/${id}/`)).body).toEqual([{ id: tagB, title: 'Allegro' }]);
  });

  describe('bad pictures', () => {
    const addWith = async (data: Buffer, filename = 'icon.png', contentType = 'image/png') =>
      kit.call(
        '/cuviewTV/add_category/',
        formInit([
          { name: 'title', value: 'Bad' },
          { name: 'image', filename, data, contentType },
        ]),
      );

    it('refuses an HTML page renamed .png with 415 and stores nothing', async () => {
      const before = await storedFiles();
      const { status, body } = await addWith(HTML);
      expect(status).toBe(415);
      expect(body.message).toMatch(/not an image|JPEG|PNG/);
      expect(await storedFiles()).toEqual(before);
    });

    it('accepts a PNG sent as .jpg by its content and stores it as PNG', async () => {
      const { status, body } = await addWith(await png(), 'photo.jpg', 'image/jpeg');
      expect(status).toBe(201);
      const key = (await iconKey(body.id))!;
      expect(key).toMatch(/\.png$/);
      expect(isPng(await readFile(join(kit.storageDir, key)))).toBe(true);
    });

    it('refuses a polyglot (a PNG with an HTML page after its end, or markup inside)', async () => {
      const trailing = await addWith(Buffer.concat([await png(), HTML]));
      expect(trailing.status).toBe(415);
      const inside = await addWith(
        Buffer.concat([
          (await jpeg()).subarray(0, 20),
          Buffer.from('<script>alert(1)</script>'),
          (await jpeg()).subarray(20),
        ]),
        'x.jpg',
      );
      expect(inside.status).toBe(415);
    });

    it('refuses a 0-byte and a truncated file with 400', async () => {
      const empty = await addWith(Buffer.alloc(0));
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/empty/);
      const full = await png(400, 300);
      const truncated = await addWith(full.subarray(0, Math.floor(full.length / 2)));
      expect(truncated.status).toBe(400);
      expect(truncated.body.message).toMatch(/cut short|damaged/);
    });

    it('refuses a 50,000 x 50,000 pixel PNG from its header, quickly', async () => {
      const started = Date.now();
      const { status, body } = await addWith(pngBomb());
      expect(status).toBe(413);
      expect(body.message).toMatch(/50000×50000/);
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('refuses an SVG on add (JPEG and PNG only there)', async () => {
      const { status } = await addWith(SVG_WITH_SCRIPT, 'icon.svg', 'image/svg+xml');
      expect(status).toBe(415);
    });

    it('rasterises an SVG with script, event handlers and foreignObject on update: only PNG pixels are stored', async () => {
      const id = await seed.category();
      const { status } = await kit.call(
        `/cuviewTV/update_category/${id}/`,
        formInit(
          [
            { name: 'title', value: 'Svg' },
            { name: 'image', filename: 'icon.svg', data: SVG_WITH_SCRIPT, contentType: 'image/svg+xml' },
          ],
          'PUT',
        ),
      );
      expect(status).toBe(200);
      const key = (await iconKey(id))!;
      expect(key).toMatch(/^icons\/.*\.png$/);
      const stored = await readFile(join(kit.storageDir, key));
      expect(isPng(stored)).toBe(true);
      expect(stored.toString('latin1')).not.toMatch(/script|onload|foreignObject/i);
    });

    it('refuses an SVG that refers to a local file or a remote address', async () => {
      const id = await seed.category();
      for (const data of [SVG_WITH_EXTERNAL_REF, SVG_WITH_REMOTE_REF]) {
        const { status, body } = await kit.call(
          `/cuviewTV/update_category/${id}/`,
          formInit(
            [
              { name: 'title', value: 'Svg' },
              { name: 'image', filename: 'icon.svg', data },
            ],
            'PUT',
          ),
        );
        expect(status).toBe(415);
        expect(body.message).toMatch(/outside resource/);
      }
      expect(await iconKey(id)).toBeNull();
    });

    it('never lets a file name reach a storage key', async () => {
      const names = [
        '../../../etc/passwd.png',
        '%2e%2e%2f%2e%2e%2fescape.png',
        'nul\u0000byte.png',
        `${'a'.repeat(300)}.png`,
        '..\\..\\win.png',
      ];
      for (const filename of names) {
        const { status, body } = await addWith(await png(), filename);
        expect(status).toBe(201);
        expect(await iconKey(body.id)).toMatch(SERVER_KEY);
      }
      for (const file of await storedFiles()) expect(file).toMatch(SERVER_KEY);
    });

    it('refuses a second file and a file in an unexpected field', async () => {
      const two = await kit.call(
        '/cuviewTV/add_category/',
        formInit([
          { name: 'title', value: 'Two' },
          { name: 'image', filename: 'a.png', data: await png() },
          { name: 'image', filename: 'b.png', data: await png() },
        ]),
      );
      expect(two.status).toBeGreaterThanOrEqual(400);
      expect(two.status).toBeLessThan(500);
      const other = await kit.call(
        '/cuviewTV/add_category/',
        formInit([
          { name: 'title', value: 'X' },
          { name: 'avatar', filename: 'a.png', data: await png() },
        ]),
      );
      expect(other.status).toBe(400);
    });
  });
});
