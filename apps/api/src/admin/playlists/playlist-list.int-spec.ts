import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { Seed } from '../testing/seed.js';

/** The sortable, filterable playlist list (issue 15), on a real Postgres. */
describe('admin playlist list', () => {
  let kit: AdminTestKit;
  let theme: number;

  const titles = async (query: string): Promise<string[]> => {
    const { status, body } = await kit.call(`/cuviewTV/admin/playlists?${query}`);
    expect(status).toBe(200);
    return body.playlists.map((p: Answer) => p.title);
  };

  beforeAll(async () => {
    kit = await startAdminKit();
    const seed = new Seed(kit.db);
    const long = await seed.video({ duration: 600 });
    const short = await seed.video({ duration: 60 });
    const ids = [
      await seed.playlist({ title: 'bravo', status: 1 }),
      await seed.playlist({ title: 'Alpha', status: 0 }),
      await seed.playlist({ title: 'charlie', status: 1 }),
    ];
    await seed.playlist({ title: 'Personal', userId: (await kit.db.query('SELECT id FROM users LIMIT 1'))[0].id });
    await seed.playlistVideos(ids[0]!, [long]);
    await seed.playlistVideos(ids[2]!, [short]);
    for (const [i, id] of ids.entries()) {
      await kit.db.query(
        'UPDATE playlists SET created_at = $2::timestamptz, updated_at = $3::timestamptz WHERE id = $1',
        [id, `2026-01-0${i + 1}T12:00:00Z`, `2026-02-0${3 - i}T12:00:00Z`],
      );
    }
    theme = await seed.group();
    await seed.groupPlaylists(theme, [ids[2]!, ids[1]!]);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it.each([
    ['', ['bravo', 'Alpha', 'charlie']],
    ['sort=title', ['Alpha', 'bravo', 'charlie']],
    ['sort=title&order=desc', ['charlie', 'bravo', 'Alpha']],
    ['sort=duration', ['Alpha', 'charlie', 'bravo']],
    ['sort=created', ['charlie', 'Alpha', 'bravo']],
    ['sort=access', ['Alpha', 'bravo', 'charlie']],
    ['access=on&sort=title', ['bravo', 'charlie']],
    [`theme=THEME&sort=title`, ['Alpha', 'charlie']],
    ['from=2026-01-02&sort=title', ['Alpha', 'charlie']],
    ['q=alp', ['Alpha']],
    ['sort=title&page_size=2&page=2', ['charlie']],
  ])('%s', async (query, expected) => {
    expect(await titles(query.replace('THEME', String(theme)))).toEqual(expected);
  });

  it('counts the whole filtered list and refuses bad values', async () => {
    expect((await kit.call('/cuviewTV/admin/playlists?access=on&page_size=1')).body.playlistLength).toBe(2);
    for (const query of ['sort=state', 'page_size=0', 'theme=x', 'to=2026-02-30']) {
      expect((await kit.call(`/cuviewTV/admin/playlists?${query}`)).status).toBe(400);
    }
  });
});
