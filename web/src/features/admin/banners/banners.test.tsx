import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../messages';
import { apiMock, renderScreen } from '../test-utils';
import { MainScreen } from './MainScreen';

const banner = (id: number, position: number) => ({
  id,
  video_id: 100 + id,
  playlist_id: 10,
  group_id: 4,
  banner_title: `Banner ${id}`,
  status: 1,
  position,
  video_title: `Video ${100 + id}`,
  genres: [],
  artists: '',
  composers: '',
  playlist_title: 'Morning Jazz',
  group_title: 'Evening',
  video_duration: 300,
  has_image: false,
  video_image: null,
  banner_image: null as string | null,
  hidden_by: [] as string[],
  revision: 2,
});
const summary = (id: number) => ({
  id,
  title: `Video ${id}`,
  status: 1,
  duration: 300,
  genres: [],
  moods: [],
  videogenres: [],
  tags: [],
  artists: '',
  composers: '',
  has_thumbnail: true,
  processing_state: 'ready',
  processing_progress: 100,
  processing_error: null,
});

describe('/main', { timeout: 60_000 }, () => {
  it('shows the banner cards with drag handles, edits and deletes', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/banners/': {
        json: {
          banners: [
            banner(1, 1),
            { ...banner(2, 2), hidden_by: ['video', 'theme'] },
            { ...banner(3, 3), hidden_by: ['stream', 'playlist'] },
          ],
          bannerLength: 3,
        },
      },
      'PUT /cuviewTV/edit_banner_video/1/': { json: banner(1, 1) },
      'DELETE /cuviewTV/delete_banner_video/2/': { json: { message: 'ok' } },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderScreen(<MainScreen />, '/main', '/main');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Banner videos' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Banner 1', 'Banner 2', 'Banner 3']);
    expect(within(list).getByRole('button', { name: 'Reorder Banner 2' })).toBeInTheDocument();
    // Banner 2 is on, but viewers do not see it: the card says why, banner 1's says nothing.
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(second).toHaveTextContent('Not on the main page: its video and theme are off.');
    expect(third).toHaveTextContent(
      'Not on the main page: its playlist is off; its video has no stream yet (transcoding or failed).',
    );
    expect(first).not.toHaveTextContent('Not on the main page');

    await user.click(screen.getByRole('button', { name: 'Edit Banner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Banner' });
    const title = within(dialog).getByLabelText('Banner title');
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    await user.type(title, 'Summer');
    await user.click(within(dialog).getByRole('switch', { name: 'Access' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.bannerEdited)).toBeInTheDocument();
    const form = api.named('PUT', '/cuviewTV/edit_banner_video/1/')[0]!.form!;
    expect(JSON.parse(form.get('data') as string)).toEqual({ title: 'Summer', status: 0, revision: 2 });

    await user.click(screen.getByRole('button', { name: 'Delete Banner 2' }));
    expect(await screen.findByText(MSG.bannerDeleted)).toBeInTheDocument();
  });

  it('shows the uploaded banner image in the edit panel and on its card, the video’s picture otherwise', async () => {
    const staffImage = (kind: string, id: number) => `/cuviewTV/image/s/1900000000/sig/${kind}/${id}/`;
    apiMock({
      'GET /cuviewTV/admin/banners/': {
        json: {
          banners: [
            {
              ...banner(1, 1),
              has_image: true,
              banner_image: staffImage('banner', 1),
              video_image: staffImage('video', 101),
            },
            { ...banner(2, 2), video_image: staffImage('video', 102) },
          ],
          bannerLength: 2,
        },
      },
    });
    renderScreen(<MainScreen />, '/main', '/main');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Banner videos' });
    const cardImages = within(list)
      .getAllByRole('listitem')
      .map((card) => card.querySelector('img.banner-card__image')?.getAttribute('src'));
    expect(cardImages).toEqual([`${staffImage('banner', 1)}600/`, `${staffImage('video', 102)}600/`]);

    await user.click(screen.getByRole('button', { name: 'Edit Banner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Banner' });
    expect(within(dialog).getByAltText('Banner image preview')).toHaveAttribute(
      'src',
      `${staffImage('banner', 1)}300/`,
    );
    expect(within(dialog).queryByText('No image')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Edit Banner 2' }));
    expect(within(screen.getByRole('dialog', { name: 'Edit Banner' })).getByText('No image')).toBeInTheDocument();
  });

  it('says in the panel when someone else saved the banner first, keeping what was typed', async () => {
    const stale =
      'Someone else saved this banner after you opened it. Reload to see their changes, then make yours again.';
    apiMock({
      'GET /cuviewTV/admin/banners/': { json: { banners: [banner(1, 1)], bannerLength: 1 } },
      'PUT /cuviewTV/edit_banner_video/1/': { status: 409, json: { message: stale } },
    });
    renderScreen(<MainScreen />, '/main', '/main');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Banner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Banner' });
    const title = within(dialog).getByLabelText('Banner title');
    await user.clear(title);
    await user.type(title, 'Summer Nights');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(stale);
    expect(within(dialog).getByLabelText('Banner title')).toHaveValue('Summer Nights');
    expect(screen.queryByText(MSG.bannerEdited)).not.toBeInTheDocument();
  });

  it('adds a banner through video, playlist, theme, then title and access (off by default)', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/banners/': { json: { banners: [], bannerLength: 0 } },
      'GET /cuviewTV/get_videos_for_admin/1/': { json: { videos: [summary(101), summary(102)], videoLength: 2 } },
      'GET /cuviewTV/get_playlists_for_banner/102/': { json: [{ id: 10, title: 'Morning Jazz' }] },
      'GET /cuviewTV/get_themes_for_banner/10/': { json: [{ id: 4, title: 'Evening' }] },
      'POST /cuviewTV/add_banner_video/': { status: 201, json: banner(3, 1) },
    });
    renderScreen(<MainScreen />, '/main', '/main');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No banner videos yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Banner' });
    await user.click(await within(dialog).findByRole('button', { name: /Video 102/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Morning Jazz' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Evening' }));
    const access = within(dialog).getByRole('switch', { name: 'Access' });
    expect(access).toHaveTextContent('Access Off');

    // Back and forth keeps the choices.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const title = within(dialog).getByLabelText('Banner title');
    expect(title).toHaveValue('Video 102');
    await user.clear(title);
    await user.type(title, 'Tonight');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.bannerAdded)).toBeInTheDocument();
    expect(api.named('POST', '/cuviewTV/add_banner_video/')[0]!.body).toEqual({
      video_id: 102,
      playlist_id: 10,
      group_id: 4,
      title: 'Tonight',
      status: 0,
    });
  });

  it('filters by access and sorts by title, without drag handles outside the hand order', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/banners/': { json: { banners: [banner(2, 2)], bannerLength: 1 } },
    });
    renderScreen(<MainScreen />, '/main?access=off&sort=title', '/main');
    const list = await screen.findByRole('list', { name: 'Banner videos' });
    expect(within(list).queryByRole('button', { name: /^Reorder/ })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('drag reordering is off here');
    expect(screen.getByText('1 banner')).toBeInTheDocument();
    const query = api.named('GET', '/cuviewTV/admin/banners/')[0]!.query;
    expect([query.get('access'), query.get('sort'), query.get('order')]).toEqual(['off', 'title', null]);
  });
});
