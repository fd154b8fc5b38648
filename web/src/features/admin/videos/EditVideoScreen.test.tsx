import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landedAt } from '@/testing/render';
import { NO_PERMISSION_MESSAGE } from '../components/AdminLayout';
import { MSG } from '../messages';
import { apiMock, fakeFile, renderInAdmin, renderScreen } from '../test-utils';
import type { VideoInfo } from '../types';
import { EditVideoScreen } from './EditVideoScreen';
import { VideoListScreen } from './VideoListScreen';

const INFO: VideoInfo = {
  id: 8,
  title: 'Night',
  description: 'Live',
  yt_link: '',
  status: 1,
  duration: 600,
  genres: [{ id: 1, title: 'Jazz' }],
  moods: [{ id: 3, title: 'Calm' }],
  videogenres: [{ id: 7, title: 'Concert' }],
  tags: [{ id: 9, title: 'piano' }],
  tracks: [
    {
      id: 1,
      track_id: 51,
      album_id: 5,
      position: 1,
      start_time: 0,
      end_time: 100,
      track_title: 'Opening',
      album_title: 'Night Works',
      catalogue_num: 'CU-0042',
      genre: 'Jazz',
      artists: '',
      composers: '',
    },
  ],
  file_original_path_linux: 'originals/a.mp4',
  file_path: null,
  scripted_bunny_path: '',
  playlists: [],
  has_thumbnail: true,
  image: null,
  processing_state: 'processing',
  processing_progress: 30,
  processing_error: null,
  watermark_warning: null,
  revision: 4,
  job: null,
};
const STALE = 'Someone else saved this video after you opened it. Reload to see their changes, then make yours again.';

const renderEdit = () =>
  renderScreen(<EditVideoScreen />, '/editVideo/8', '/editVideo/:videoId', [landedAt('/adminVideos')]);

describe('/editVideo/{id}', { timeout: 60_000 }, () => {
  it('shows the saved data, read-only tracks and the processing progress until the stream is ready', async () => {
    let polls = 0;
    apiMock({
      'GET /cuviewTV/get_video_info/8/': () => {
        polls += 1;
        return polls < 2
          ? { json: INFO }
          : {
              json: {
                ...INFO,
                processing_state: 'ready',
                processing_progress: 100,
                scripted_bunny_path: '/cuviewTV/media/hls/8/master.m3u8',
              },
            };
      },
      'GET /cuviewTV/get_genres/': { json: [] },
      'GET /cuviewTV/get_moods/': { json: [] },
    });
    renderEdit();
    expect(await screen.findByLabelText('Title')).toHaveValue('Night');
    expect(screen.getByRole('list', { name: 'Chosen genres' })).toHaveTextContent('Jazz');
    const tracks = screen.getByRole('table', { name: 'Tracks' });
    expect(tracks).toHaveTextContent('Opening');
    expect(within(tracks).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing' })).toHaveAttribute('aria-valuenow', '30');
    const waiting = 'Viewers see this video once its transcode is ready.';
    expect(screen.getByText(waiting)).toBeInTheDocument();
    // Polled every 2 s while processing: the state turns Ready and the player appears.
    expect(await screen.findByText('Ready', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Night player')).toBeInTheDocument();
    expect(screen.queryByText(waiting)).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('tells staff when the finished video holds no readable watermark', async () => {
    const warning = 'The watermark could not be read back from the finished video (3 places tried): …';
    apiMock({
      'GET /cuviewTV/get_video_info/8/': {
        json: { ...INFO, processing_state: 'ready', processing_progress: 100, watermark_warning: warning },
      },
      'GET /cuviewTV/get_genres/': { json: [] },
      'GET /cuviewTV/get_moods/': { json: [] },
    });
    renderEdit();
    expect(await screen.findByRole('note')).toHaveTextContent(warning);
    expect(screen.getByText('Ready')).toBeInTheDocument();
  });

  it('checks the fields in the spec order and saves the edit', async () => {
    const api = apiMock({
      'GET /cuviewTV/get_video_info/8/': { json: { ...INFO, processing_state: 'ready' } },
      'GET /cuviewTV/get_genres/': { json: [] },
      'GET /cuviewTV/get_moods/': {
        json: [
          { id: 3, title: 'Calm' },
          { id: 4, title: 'Warm' },
        ],
      },
      'PUT /cuviewTV/edit_video_info/8/': { json: INFO },
      'PUT /cuviewTV/edit_video_thumbnail/8/': { json: INFO },
    });
    renderEdit();
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    await user.type(title, 'Night II');
    await user.click(screen.getByRole('button', { name: 'Remove Calm' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.provideMood);
    expect(api.named('PUT', '/cuviewTV/edit_video_info/8/')).toHaveLength(0);

    await user.upload(screen.getByLabelText('Thumbnail', { selector: 'input' }), fakeFile('new.png', 'image/png'));
    expect(await screen.findByText(MSG.thumbnailChanged)).toBeInTheDocument();
    const thumb = api.named('PUT', '/cuviewTV/edit_video_thumbnail/8/')[0]!.form!;
    expect((thumb.get('file') as File).name).toBe('new.png');

    await user.click(screen.getByRole('button', { name: 'Add moods' }));
    await user.click(await within(screen.getByRole('list', { name: 'Add moods' })).findByText('Warm'));
    await user.click(screen.getByRole('switch', { name: 'Access' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/adminVideos');
    expect(screen.getByText(MSG.videoEdited)).toBeInTheDocument();
    const data = JSON.parse(api.named('PUT', '/cuviewTV/edit_video_info/8/')[0]!.form!.get('data') as string);
    expect(data).toEqual({
      title: 'Night II',
      description: 'Live',
      yt_link: '',
      genres: [1],
      moods: [4],
      videogenres: [7],
      tags: [9],
      status: 0,
      revision: 4,
    });
  });

  it('says when someone else saved first, keeps what was typed and claims no success', async () => {
    let polls = 0;
    const api = apiMock({
      // The video was saved by someone else meanwhile: a later poll has a newer revision,
      // but the form goes on from the one it was opened on.
      'GET /cuviewTV/get_video_info/8/': () => {
        polls += 1;
        return { json: { ...INFO, revision: polls < 2 ? 4 : 5 } };
      },
      'GET /cuviewTV/get_genres/': { json: [] },
      'GET /cuviewTV/get_moods/': { json: [] },
      'PUT /cuviewTV/edit_video_info/8/': { status: 409, json: { message: STALE } },
    });
    renderEdit();
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(polls).toBeGreaterThan(1), { timeout: 5000 });
    await user.clear(title);
    await user.type(title, 'Night in Tunisia');
    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Quintet');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    const data = JSON.parse(api.named('PUT', '/cuviewTV/edit_video_info/8/')[0]!.form!.get('data') as string);
    expect(data).toMatchObject({ title: 'Night in Tunisia', description: 'Quintet', revision: 4 });
    expect(screen.getByLabelText('Title')).toHaveValue('Night in Tunisia');
    expect(screen.getByLabelText('Description')).toHaveValue('Quintet');
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.videoEdited)).not.toBeInTheDocument();
  });

  it("shows the video's thumbnail (its signed staff address) as the player's poster", async () => {
    apiMock({
      'GET /cuviewTV/get_video_info/8/': {
        json: {
          ...INFO,
          status: 0,
          processing_state: 'ready',
          scripted_bunny_path: '/cuviewTV/media/hls/8/master.m3u8',
          image: '/cuviewTV/staff_image/video/8/exp/sig/',
        },
      },
      'GET /cuviewTV/get_genres/': { json: [] },
      'GET /cuviewTV/get_moods/': { json: [] },
    });
    renderEdit();
    expect(await screen.findByLabelText('Night player')).toHaveAttribute(
      'poster',
      '/cuviewTV/staff_image/video/8/exp/sig/600/',
    );
  });

  it('names the service of an embedded video, plays it over its poster and refuses a link the player cannot play', async () => {
    const external: VideoInfo = {
      ...INFO,
      yt_link: 'https://vimeo.com/1084537',
      tracks: [],
      file_original_path_linux: '',
      processing_state: 'external',
      processing_progress: 0,
      image: '/cuviewTV/staff_image/video/8/exp/sig/',
    };
    const api = apiMock({
      'GET /cuviewTV/get_video_info/8/': { json: external },
      'GET /cuviewTV/get_genres/': { json: [] },
      'GET /cuviewTV/get_moods/': { json: [] },
      'PUT /cuviewTV/edit_video_info/8/': { json: external },
    });
    renderEdit();
    const user = userEvent.setup({ delay: null });
    const link = await screen.findByLabelText('Embed link');
    expect(link).toHaveValue('https://vimeo.com/1084537');
    expect(link).toHaveAccessibleDescription('Plays from Vimeo');
    const panel = screen.getByRole('region', { name: 'Video' });
    expect(within(panel).getByText('Plays from Vimeo')).toHaveClass('processing__state');
    expect(within(panel).getByRole('button', { name: 'Play from Vimeo' })).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Video player: Night' }).querySelector('img')).toHaveAttribute(
      'src',
      '/cuviewTV/staff_image/video/8/exp/sig/600/',
    );
    expect(screen.queryByText(/YouTube/)).not.toBeInTheDocument();

    await user.clear(link);
    await user.type(link, 'https://example.com/watch?v=1');
    expect(link).toHaveAccessibleDescription('The player cannot play this link');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.embedLink);
    expect(MSG.embedLink).toContain('Twitch, Vimeo, DailyMotion, Wistia, Vidyard, YouTube, Kaltura, Mixcloud');
    expect(api.named('PUT', '/cuviewTV/edit_video_info/8/')).toHaveLength(0);

    await user.clear(link);
    await user.type(link, 'https://www.twitch.tv/videos/106400740');
    expect(link).toHaveAccessibleDescription('Plays from Twitch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/adminVideos');
    const data = JSON.parse(api.named('PUT', '/cuviewTV/edit_video_info/8/')[0]!.form!.get('data') as string);
    expect(data.yt_link).toBe('https://www.twitch.tv/videos/106400740');
  });

  it('says Please try again when the video cannot load', async () => {
    apiMock({ 'GET /cuviewTV/get_video_info/8/': { status: 404, json: { message: 'Video not found' } } });
    renderEdit();
    expect(await screen.findByText(MSG.videoNotLoaded)).toBeInTheDocument();
  });
});

describe('admin permission', { timeout: 60_000 }, () => {
  it('tells a non-staff user opening /adminVideos that they may not, and loads nothing', async () => {
    const api = apiMock({}, { id: 5, first_name: 'Vera', is_staff: false });
    renderInAdmin('/adminVideos', [{ path: '/adminVideos', element: <VideoListScreen /> }]);
    expect(await screen.findByRole('heading', { name: NO_PERMISSION_MESSAGE })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/cuviewTV/auth/jwt/verify/', '/cuviewTV/auth/users/me/']);
  });
});
