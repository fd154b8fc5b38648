import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDuration } from '@/lib/format';
import { landedAt } from '@/testing/render';
import { MSG } from '../messages';
import {
  acceptTusUpload,
  apiMock,
  fakeFile,
  FakeXhr,
  installFakeXhr,
  nextXhr,
  renderScreen,
  type Route,
} from '../test-utils';
import { AddVideoScreen } from './AddVideoScreen';

const ALBUM = {
  id: 5,
  title: 'Night Works',
  catalogue_num: 'CU-0042',
  genre: { id: 1, title: 'Jazz' },
  number_of_tracks: 2,
  duration: 180,
};
const TRACKS = [
  { id: 51, position: 1, title: 'Opening', genre: 'Jazz', composers: 'A. Comp', artists: 'The Trio', duration: 100 },
  { id: 52, position: 2, title: 'Closing', genre: 'Jazz', composers: 'A. Comp', artists: 'The Trio', duration: 80 },
];

/** 600 s: quiet for the first half, loud for the second. */
const WAVEFORM = { duration: 600, peaks: Array.from({ length: 1200 }, (_, i) => (i < 600 ? 0.01 : 0.8)) };

function lookups(extra: Record<string, Route> = {}) {
  return apiMock({
    'GET /cuviewTV/get_genres/': {
      json: [
        { id: 1, title: 'Jazz' },
        { id: 2, title: 'Rock' },
      ],
    },
    'GET /cuviewTV/get_moods/': { json: [{ id: 3, title: 'Calm' }] },
    'GET /cuviewTV/get_videogenres_for_admin_filter/:q/:page/': { json: [{ id: 7, title: 'Concert' }] },
    'GET /cuviewTV/get_tags_for_admin_filter/:q/:page/': ({ params }) => ({
      json: params.q.trim() === '' || 'piano'.includes(params.q.trim()) ? [{ id: 9, title: 'piano' }] : [],
    }),
    'GET /cuviewTV/get_albums_for_admin_filter/:q/:page/': { json: { albums: [ALBUM], albumsLength: 1 } },
    'GET /cuviewTV/get_tracks_for_admin_filter/5/1/': { json: { tracks: TRACKS, tracksLength: 2 } },
    'GET /cuviewTV/get_upload_waveform/': { json: WAVEFORM },
    'GET /cuviewTV/upload_processing/': { json: { id: 'transcode-8', state: 'waiting', progress: 0 } },
    ...extra,
  });
}

function renderAdd() {
  return renderScreen(<AddVideoScreen />, '/addVideo', '/addVideo', [landedAt('/editVideo/:id')]);
}

// Role queries compute every button's accessible name, which is slow on a form this size:
// the form's own Save button is found by its place, the dropdowns by their text.
const save = (user: UserEvent) =>
  user.click(within(document.querySelector<HTMLElement>('.admin-page__footer')!).getByText('Save'));
const alertText = () => [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

async function pick(user: UserEvent, dropdown: string, item: string) {
  await user.click(screen.getByText(dropdown));
  const list = screen.getByRole('list', { name: dropdown });
  await user.click(await within(list).findByText(item));
}

async function chooseVideo(user: UserEvent) {
  const sent = FakeXhr.all.length;
  await user.upload(screen.getByLabelText('Video file'), fakeFile('clip.mp4', 'video/mp4', 1000));
  return act(() => acceptTusUpload(sent));
}

/** Runs the four wizard steps for `trackTitle`; leaves the wizard on step 4. */
async function wizardTo(user: UserEvent, trackTitle: string) {
  await user.click(screen.getByRole('button', { name: 'Add Track' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Track' });
  await user.type(within(dialog).getByLabelText('Album title or catalogue number'), 'CU-0042');
  await user.click(within(dialog).getByRole('button', { name: 'Find album' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Choose album Night Works' }));
  await user.click(await within(dialog).findByRole('button', { name: `Choose track ${trackTitle}` }));
  return dialog;
}

const value = (dialog: HTMLElement, label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;

describe('/addVideo', { timeout: 60_000 }, () => {
  beforeEach(() => installFakeXhr());

  it('checks title, genre, mood, video genre, tags, tracks and the upload in that order', async () => {
    const api = lookups({
      'POST /cuviewTV/fill_video_info/': { status: 201, json: { id: 77, title: 'Night' } },
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });

    await save(user);
    expect(alertText()).toEqual([MSG.provideTitle]);
    await user.type(screen.getByLabelText('Title'), 'Night');
    await save(user);
    expect(alertText()).toEqual([MSG.provideGenre]);
    await pick(user, 'Add genres', 'Jazz');
    await save(user);
    expect(alertText()).toEqual([MSG.provideMood]);
    await pick(user, 'Add moods', 'Calm');
    await save(user);
    expect(alertText()).toEqual([MSG.provideVideoGenre]);
    await pick(user, 'Add video genres', 'Concert');
    await save(user);
    expect(alertText()).toEqual([MSG.provideTags]);
    await pick(user, 'Add tags', 'piano');
    await save(user);
    expect(alertText()).toEqual([MSG.addTracks]);

    // A track can be cut while the file is still uploading; saving then has to wait.
    const xhr = await chooseVideo(user);
    const dialog = await wizardTo(user, 'Opening');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await save(user);
    expect(alertText()).toEqual([MSG.waitUpload]);
    expect(api.named('POST', '/cuviewTV/fill_video_info/')).toHaveLength(0);

    await act(async () => xhr.respond(201, { file_original_path_linux: 'originals/abc.mp4', duration: 600 }));
    await save(user);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/editVideo/:id');
    expect(screen.getByText(MSG.videoAdded)).toBeInTheDocument();

    const [fill] = api.named('POST', '/cuviewTV/fill_video_info/');
    expect(fill!.headers.Authorization).toMatch(/^JWT /);
    expect(JSON.parse(fill!.form!.get('data') as string)).toEqual({
      title: 'Night',
      description: '',
      yt_link: '',
      file_original_path_linux: 'originals/abc.mp4',
      duration: 600,
      genres: [1],
      moods: [3],
      videoGenres: [7],
      tags: [9],
      tracks: [{ track_id: 51, album_id: 5, position: 1, start_time: 0, end_time: 100 }],
      status: 0,
    });
  });

  it('picks from a dropdown with the keyboard: ArrowDown to the items, Enter to choose', async () => {
    lookups();
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Add genres'));
    const list = screen.getByRole('list', { name: 'Add genres' });
    await within(list).findByText('Rock');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Rock');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toHaveTextContent('Jazz');
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Chosen genres' })).getByText('Jazz')).toBeInTheDocument();
  });

  it('asks for the video before a track can be added', async () => {
    lookups();
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add Track' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.uploadFirst);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the real upload progress, then Uploaded', async () => {
    lookups();
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const xhr = await chooseVideo(user);
    const create = FakeXhr.all[0]!;
    expect([create.method, create.url, create.headers['Upload-Length']]).toEqual([
      'POST',
      '/cuviewTV/upload_video_resumable/',
      '1000',
    ]);
    expect(create.headers.Authorization).toMatch(/^JWT /);
    expect([xhr.method, xhr.url, xhr.headers['Upload-Offset']]).toEqual([
      'PATCH',
      '/cuviewTV/upload_video_resumable/0123456789abcdef0123456789abcdef',
      '0',
    ]);
    expect(xhr.headers.Authorization).toMatch(/^JWT /);
    expect((xhr.body as Blob).size).toBe(1000);

    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => xhr.progress(250, 1000));
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    act(() => xhr.progress(730, 1000));
    expect(bar).toHaveAttribute('aria-valuenow', '73');
    await act(async () => xhr.respond(201, { file_original_path_linux: 'originals/abc.mp4', duration: 125 }));
    expect(await screen.findByText(`Uploaded · ${formatDuration(125)}`, { exact: false })).toBeInTheDocument();
  });

  it('shows the transcode by stage with the time left once uploaded, and discards an upload replaced by another file', async () => {
    let job: Record<string, unknown> = {
      id: 'transcode-8',
      state: 'active',
      progress: 45,
      stage: '720p',
      seconds_left: 20,
      attempts_made: 0,
      failed_reason: null,
    };
    const api = lookups({
      'GET /cuviewTV/upload_processing/': () => ({ json: job }),
      'DELETE /cuviewTV/discard_upload/': { json: { message: 'The upload has been discarded' } },
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const xhr = await chooseVideo(user);
    await act(async () => xhr.respond(201, { file_original_path_linux: 'originals/abc.mp4', duration: 40 }));
    expect(await screen.findByText('Transcoding 720p · 45 % · about 20 s left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Transcoding' })).toHaveAttribute('aria-valuenow', '45');
    expect(api.named('GET', '/cuviewTV/upload_processing/')[0]!.query.get('key')).toBe('originals/abc.mp4');

    job = { ...job, state: 'completed', progress: 100, stage: null, seconds_left: 0 };
    expect(
      await screen.findByText(/^Transcoded: the video is ready soon after Save/, {}, { timeout: 4000 }),
    ).toBeInTheDocument();

    // Another file over the first: the first upload, and what its transcode wrote, is discarded.
    await chooseVideo(user);
    await waitFor(() => expect(api.named('DELETE', '/cuviewTV/discard_upload/')).toHaveLength(1));
    expect(api.named('DELETE', '/cuviewTV/discard_upload/')[0]!.query.get('key')).toBe('originals/abc.mp4');
  });

  it('discards an unsaved upload when the tab is closed or reloaded, not when the page is only cached', async () => {
    const api = lookups({
      'GET /cuviewTV/upload_processing/': { json: null },
      'DELETE /cuviewTV/discard_upload/': { json: { message: 'The upload has been discarded' } },
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const xhr = await chooseVideo(user);
    await act(async () => xhr.respond(201, { file_original_path_linux: 'originals/left.mp4', duration: 40 }));
    await screen.findByText(`Uploaded · ${formatDuration(40)}`, { exact: false });
    const leave = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));

    await act(async () => leave(true));
    expect(api.named('DELETE', '/cuviewTV/discard_upload/')).toHaveLength(0);
    await act(async () => leave(false));
    await waitFor(() => expect(api.named('DELETE', '/cuviewTV/discard_upload/')).toHaveLength(1));
    expect(api.named('DELETE', '/cuviewTV/discard_upload/')[0]!.query.get('key')).toBe('originals/left.mp4');
    // Sent so that it outlives the page.
    const [, init] = api.fn.mock.calls.find(([, i]) => i?.method === 'DELETE')!;
    expect(init).toMatchObject({ keepalive: true });
  });

  it('resumes from the last byte the server stored when the connection drops', async () => {
    lookups();
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const patch = await chooseVideo(user);
    act(() => patch.progress(400, 1000));
    expect(screen.getByText('Uploading… 40 %', { exact: false })).toBeInTheDocument();
    // The connection drops: the client asks where the server stands and sends the rest.
    act(() => patch.onerror?.());
    const head = await nextXhr(FakeXhr.all.indexOf(patch) + 1);
    expect(head.method).toBe('HEAD');
    act(() => head.respond(200, undefined, { 'Upload-Offset': '400', 'Upload-Length': '1000' }));
    const rest = await nextXhr(FakeXhr.all.indexOf(head) + 1);
    expect([rest.method, rest.headers['Upload-Offset'], (rest.body as Blob).size]).toEqual(['PATCH', '400', 600]);
    await act(async () => rest.respond(200, { file_original_path_linux: 'originals/abc.mp4', duration: 125 }));
    expect(await screen.findByText(`Uploaded · ${formatDuration(125)}`, { exact: false })).toBeInTheDocument();
  });

  it('says Video Upload Failed with the reason, and can try again', async () => {
    lookups();
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const xhr = await chooseVideo(user);
    await act(async () => xhr.respond(415, { message: 'This file is not a video' }));
    expect(await screen.findByText(MSG.videoUploadFailed)).toBeInTheDocument();
    expect(screen.getByText('This file is not a video')).toBeInTheDocument();
    const sent = FakeXhr.all.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeXhr.all.length).toBeGreaterThan(sent));
    expect(screen.getByRole('progressbar', { name: 'Upload' })).toBeInTheDocument();
  });

  it('starts the next excerpt after the previous one and refuses an overlap', async () => {
    lookups();
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const xhr = await chooseVideo(user);
    await act(async () => xhr.respond(201, { file_original_path_linux: 'originals/abc.mp4', duration: 600 }));

    let dialog = await wizardTo(user, 'Opening');
    expect([value(dialog, 'Position'), value(dialog, 'Start (m:ss)'), value(dialog, 'End (m:ss)')]).toEqual([
      '1',
      '0:00',
      '1:40',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await wizardTo(user, 'Closing');
    // Previous end + 1, previous position + 1, and as long as the chosen track.
    expect([value(dialog, 'Position'), value(dialog, 'Start (m:ss)'), value(dialog, 'End (m:ss)')]).toEqual([
      '2',
      '1:41',
      '3:01',
    ]);
    expect(within(dialog).getByRole('slider', { name: 'Excerpt start' })).toHaveAttribute('aria-valuenow', '101');
    expect(within(dialog).getByRole('slider', { name: 'Excerpt end' })).toHaveAttribute('aria-valuetext', '3:01');

    const start = within(dialog).getByLabelText('Start (m:ss)');
    await user.clear(start);
    await user.type(start, '1:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.overlap);

    // Back to the track table and forth again: the step keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Choose track Closing' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(value(dialog, 'Start (m:ss)')).toBe('1:30');

    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(value(dialog, 'Start (m:ss)')).toBe('1:41');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const rows = within(screen.getByRole('table', { name: 'Tracks' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent))).toEqual([
      ['1', 'Opening', 'Night Works', 'CU-0042', formatDuration(0), formatDuration(100)],
      ['2', 'Closing', 'Night Works', 'CU-0042', formatDuration(101), formatDuration(181)],
    ]);
  });

  it("draws the upload's waveform in step 4, whose bounds move by keyboard, drag and typed m:ss", async () => {
    let asks = 0;
    const api = lookups({
      // The worker is still drawing on the first ask.
      'GET /cuviewTV/get_upload_waveform/': () =>
        asks++ === 0 ? { status: 202, json: { pending: true } } : { json: WAVEFORM },
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });
    const xhr = await chooseVideo(user);
    await act(async () => xhr.respond(201, { file_original_path_linux: 'originals/abc.mp4', duration: 600 }));
    const dialog = await wizardTo(user, 'Opening');
    expect(await within(dialog).findByText('Drawing the waveform of the audio…')).toBeInTheDocument();
    const wave = await within(dialog).findByRole(
      'img',
      { name: 'Waveform of the audio, 10:00 long' },
      { timeout: 5000 },
    );
    expect(wave).toHaveAttribute('data-peaks', '1200');
    expect(api.named('GET', '/cuviewTV/get_upload_waveform/')[0]!.query.get('key')).toBe('originals/abc.mp4');

    // Keyboard: a tenth per arrow, a second with Shift, ten with Page Up.
    const end = within(dialog).getByRole('slider', { name: 'Excerpt end' });
    end.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}{PageUp}');
    expect(end).toHaveAttribute('aria-valuetext', '1:51.2');
    expect(value(dialog, 'End (m:ss)')).toBe('1:51.2');

    // Pointer: the timeline is 600 s over its width; dragging the start to a quarter is 2:30.
    const track = within(dialog).getByTestId('excerpt-timeline');
    track.getBoundingClientRect = () => ({
      left: 0,
      width: 400,
      top: 0,
      height: 80,
      right: 400,
      bottom: 80,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    const start = within(dialog).getByRole('slider', { name: 'Excerpt start' });
    act(() => {
      start.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 0, pointerId: 1 }));
      start.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 100, pointerId: 1 }));
      start.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: 100, pointerId: 1 }));
    });
    expect(start).toHaveAttribute('aria-valuetext', '2:30');
    expect(value(dialog, 'Start (m:ss)')).toBe('2:30');
    // The start passed the end: the end follows it.
    expect(end).toHaveAttribute('aria-valuetext', '2:30');

    // Typed: m:ss with tenths; something that is not a time is marked and put back.
    const endField = within(dialog).getByLabelText('End (m:ss)');
    await user.clear(endField);
    await user.type(endField, '3:05.5{Enter}');
    expect(end).toHaveAttribute('aria-valuenow', '185.5');
    await user.clear(endField);
    await user.type(endField, '3:75{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type a time as m:ss');
    expect(end).toHaveAttribute('aria-valuenow', '185.5');
  });

  it('creates a tag from the dropdown only with a valid name', async () => {
    const api = lookups({
      'POST /cuviewTV/add_tag/': ({ body }) => ({
        status: 201,
        json: { id: 30, title: (body as { title: string }).title },
      }),
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add tags' }));
    const search = screen.getByLabelText('Search add tags');

    for (const bad of ['a', 'rock!']) {
      await user.clear(search);
      await user.type(search, bad);
      await user.click(await screen.findByRole('button', { name: `Create “${bad}”` }));
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.validName);
    }
    expect(api.named('POST', '/cuviewTV/add_tag/')).toHaveLength(0);

    await user.clear(search);
    await user.type(search, 'live  session');
    await user.click(await screen.findByRole('button', { name: 'Create “live session”' }));
    expect(await screen.findByRole('list', { name: 'Chosen tags' })).toHaveTextContent('live session');
    expect(api.named('POST', '/cuviewTV/add_tag/')[0]!.body).toEqual({ title: 'live session' });
  });

  it('picks the existing tag when Enter comes before the search has answered', async () => {
    const api = lookups({
      // The first page of the empty search does not hold it; searching for its name finds it.
      'GET /cuviewTV/get_tags_for_admin_filter/:q/:page/': ({ params }) => ({
        json:
          params.q.trim() !== '' && 'piano'.includes(params.q.trim().toLowerCase()) ? [{ id: 9, title: 'piano' }] : [],
      }),
      'POST /cuviewTV/add_tag/': { status: 409, json: { message: 'A tag with this title already exists' } },
    });
    renderAdd();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add tags' }));
    // Typed and sent at once: the list still shows what matched the empty search.
    fireEvent.change(screen.getByLabelText('Search add tags'), { target: { value: 'Piano' } });
    fireEvent.keyDown(screen.getByLabelText('Search add tags'), { key: 'Enter' });
    expect(await screen.findByRole('list', { name: 'Chosen tags' })).toHaveTextContent('piano');
    expect(api.named('POST', '/cuviewTV/add_tag/')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
