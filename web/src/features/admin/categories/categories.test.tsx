import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { landedAt } from '@/testing/render';
import { MSG } from '../messages';
import { apiMock, fakeFile, renderInAdmin, renderScreen, type Route } from '../test-utils';
import { UNSAVED_CHANGES_MESSAGE } from '../unsaved-changes';
import { CategoriesScreen } from './CategoriesScreen';
import { EditCategoryScreen } from './EditCategoryScreen';

const CATEGORIES = [
  {
    id: 3,
    title: 'Relax',
    status: 1,
    has_icon: true,
    image: '/cuviewTV/image/s/1900000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/category/3/',
  },
  { id: 4, title: 'Work', status: 0, has_icon: false },
];
const PAGE = { categories: CATEGORIES, categoryLength: 2 };
const CATEGORY = { id: 3, title: 'Relax', status: 1, has_icon: true, tags: [{ id: 1, title: 'Calm' }] };

describe('/categories', { timeout: 60_000 }, () => {
  it('lists icon, title and ON/OFF, and opens the editor from a row', async () => {
    apiMock({ 'GET /cuviewTV/admin/categories/': { json: PAGE } });
    renderScreen(<CategoriesScreen />, '/categories', '/categories', [landedAt('/editCategory/:id')]);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent))).toEqual([
      ['Relax', 'ON'],
      ['Work', 'OFF'],
    ]);
    expect(rows[0]!.querySelector('img')).toHaveAttribute(
      'src',
      '/cuviewTV/image/s/1900000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/category/3/300/',
    );
    await userEvent.click(rows[1]!);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/editCategory/:id');
  });

  it('sorts by its headings and filters by access, the view in the address', async () => {
    const api = apiMock({ 'GET /cuviewTV/admin/categories/': { json: PAGE } });
    renderScreen(<CategoriesScreen />, '/categories?access=on', '/categories');
    const user = userEvent.setup({ delay: null });
    await screen.findAllByRole('row');
    expect(api.named('GET', '/cuviewTV/admin/categories/')[0]!.query.get('access')).toBe('on');
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    const query = api.named('GET', '/cuviewTV/admin/categories/').at(-1)!.query;
    expect([query.get('sort'), query.get('order'), query.get('access')]).toEqual(['title', 'desc', 'on']);
  });

  it('says when the list cannot load', async () => {
    apiMock({ 'GET /cuviewTV/admin/categories/': { status: 503, json: { message: 'down' } } });
    renderScreen(<CategoriesScreen />, '/categories', '/categories');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.someError);
  });

  it('deletes after the confirmation, with the spec notices', async () => {
    let fail = false;
    const api = apiMock({
      'GET /cuviewTV/admin/categories/': { json: PAGE },
      'DELETE /cuviewTV/delete_category/:id/': () => (fail ? { status: 500, json: {} } : { json: { message: 'ok' } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderScreen(<CategoriesScreen />, '/categories', '/categories');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Relax' }));
    expect(confirm).toHaveBeenCalledWith(MSG.deleteCategoryConfirm);
    expect(api.named('DELETE', '/cuviewTV/delete_category/:id/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Relax' }));
    expect(await screen.findByText(MSG.categoryRemoved)).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Delete Work' }));
    expect(await screen.findByText(MSG.categoryRemoveFailed)).toBeInTheDocument();
  });

  it('Add Category: title required, toggle OFF by default, icon preview, then the success notice', async () => {
    const api = apiMock({
      'GET /cuviewTV/admin/categories/': { json: PAGE },
      'POST /cuviewTV/add_category/': {
        status: 201,
        json: { id: 9, title: 'Sleep', status: 0, has_icon: true, tags: [] },
      },
    });
    renderScreen(<CategoriesScreen />, '/categories', '/categories');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Category' });
    const toggle = within(dialog).getByRole('switch', { name: 'Status' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveTextContent('OFF');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    expect(api.named('POST', '/cuviewTV/add_category/')).toHaveLength(0);

    const icon = within(dialog).getByLabelText('Icon');
    expect(icon).toHaveAttribute('accept', expect.stringContaining('.png'));
    expect(icon.getAttribute('accept')).not.toContain('svg');
    await user.upload(icon, fakeFile('icon.png', 'image/png'));
    expect(within(dialog).getByAltText('Icon preview').getAttribute('src')).toMatch(/^blob:/);

    await user.type(within(dialog).getByLabelText('ADD TITLE'), 'Sleep');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.categoryAdded)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const form = api.named('POST', '/cuviewTV/add_category/')[0]!.form!;
    expect(form.get('title')).toBe('Sleep');
    expect(form.get('status')).toBe('0');
    expect((form.get('image') as File).name).toBe('icon.png');
  });

  it('Add Category failure shows its notice', async () => {
    apiMock({
      'GET /cuviewTV/admin/categories/': { json: PAGE },
      'POST /cuviewTV/add_category/': { status: 409, json: { message: 'A category with this title exists' } },
    });
    renderScreen(<CategoriesScreen />, '/categories', '/categories');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    await user.type(screen.getByLabelText('ADD TITLE'), 'Relax');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.categoryAddFailed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('A category with this title exists');
  });

  it('closes the overlay on an outside click keeping the title; the exit icon clears it', async () => {
    apiMock({ 'GET /cuviewTV/admin/categories/': { json: PAGE } });
    renderScreen(<CategoriesScreen />, '/categories', '/categories');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    await user.type(screen.getByLabelText('ADD TITLE'), 'Draft');
    fireEvent.mouseDown(screen.getByTestId('overlay-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(screen.getByLabelText('ADD TITLE')).toHaveValue('Draft');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(screen.getByLabelText('ADD TITLE')).toHaveValue('');
  });
});

describe('/editCategory/{id}', { timeout: 60_000 }, () => {
  const tagPage = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: 100 + from + i, title: `Tag ${from + i}` }));

  function editApi(extra: Record<string, Route> = {}) {
    return apiMock({
      'GET /cuviewTV/get_category/3/': { json: CATEGORY },
      'GET /cuviewTV/get_category_tags/3/': { json: CATEGORY.tags },
      'GET /cuviewTV/get_tags_for_admin_filter/:q/:page/': ({ params }) => {
        if (params.q === 'nothing') return { json: [] };
        if (params.q.trim() === '')
          return { json: params.page === '1' ? [{ id: 1, title: 'Calm' }, ...tagPage(1, 19)] : tagPage(20, 3) };
        return {
          json: [
            { id: 1, title: 'Calm' },
            { id: 50, title: 'PIANO Solo' },
          ],
        };
      },
      ...extra,
    });
  }
  const renderEdit = () =>
    renderScreen(<EditCategoryScreen />, '/editCategory/3', '/editCategory/:categoryId', [
      landedAt('/categories'),
      landedAt('/category/:title/:id'),
    ]);

  it('shows loading..., then the form; an error says so', async () => {
    editApi();
    renderEdit();
    expect(screen.getByText('loading...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Relax');
    expect(await screen.findByRole('list', { name: 'Category tags' })).toHaveTextContent('calm');
    expect(screen.getByLabelText('Icon')).toHaveAttribute('accept', expect.stringContaining('svg'));
  });

  it('says when the category cannot load', async () => {
    apiMock({ 'GET /cuviewTV/get_category/3/': { status: 404, json: { message: 'Category not found' } } });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.someError);
  });

  it('requires a title and sends nothing without one', async () => {
    const api = editApi({ 'PUT /cuviewTV/update_category/3/': { json: CATEGORY } });
    renderEdit();
    const user = userEvent.setup({ delay: null });
    await user.clear(await screen.findByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.provideTitle);
    expect(api.named('PUT', '/cuviewTV/update_category/3/')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Chill');
    await user.click(screen.getByRole('switch', { name: 'Access' }));
    await user.upload(screen.getByLabelText('Icon'), fakeFile('icon.svg', 'image/svg+xml'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/categories');
    const form = api.named('PUT', '/cuviewTV/update_category/3/')[0]!.form!;
    expect([form.get('title'), form.get('status'), (form.get('image') as File).name]).toEqual([
      'Chill',
      '0',
      'icon.svg',
    ]);
  });

  it('Add Tags: debounced search, lower-case titles, present tags hidden, No result, paging by scroll', async () => {
    const api = editApi({
      'GET /cuviewTV/add_category_tag/:tag/:cat/': { json: [...CATEGORY.tags, { id: 50, title: 'PIANO Solo' }] },
    });
    renderEdit();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add Tags' }));
    const list = screen.getByRole('list', { name: 'Add Tags' });
    expect(await within(list).findByText('tag 1')).toBeInTheDocument();
    // "Calm" is on the category already.
    expect(within(list).queryByText('calm')).not.toBeInTheDocument();
    const first = api.named('GET', '/cuviewTV/get_tags_for_admin_filter/:q/:page/')[0]!;
    expect(first.params).toEqual({ q: ' ', page: '1' });
    expect(first.query.get('category_id')).toBe('3');

    // Scrolled to the bottom: the next page.
    Object.defineProperties(list, {
      scrollHeight: { configurable: true, value: 400 },
      clientHeight: { configurable: true, value: 320 },
      scrollTop: { configurable: true, value: 80 },
    });
    fireEvent.scroll(list);
    expect(await within(list).findByText('tag 22')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search add tags'), 'pia');
    expect(await within(list).findByText('piano solo')).toBeInTheDocument();
    const searched = api.named('GET', '/cuviewTV/get_tags_for_admin_filter/:q/:page/').map((c) => c.params.q);
    expect(searched.filter((q) => q.trim() !== '')).toEqual(['pia']);

    await user.clear(screen.getByLabelText('Search add tags'));
    await user.type(screen.getByLabelText('Search add tags'), 'nothing');
    expect(await within(list).findByText(MSG.noResult)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search add tags'));
    await user.type(screen.getByLabelText('Search add tags'), 'pia');
    await user.click(await within(list).findByText('piano solo'));
    expect(await screen.findByText(MSG.tagAdded)).toBeInTheDocument();
    expect(api.named('GET', '/cuviewTV/add_category_tag/:tag/:cat/')[0]!.params).toEqual({ tag: '50', cat: '3' });
    expect(screen.getByRole('list', { name: 'Category tags' })).toHaveTextContent('piano solo');
    // The dropdown closes once a tag is chosen, and an outside click closes it too.
    expect(screen.queryByRole('list', { name: 'Add Tags' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Tags' }));
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('list', { name: 'Add Tags' })).not.toBeInTheDocument();
  });

  it('Add Tags failure has its notice', async () => {
    editApi({ 'GET /cuviewTV/add_category_tag/:tag/:cat/': { status: 500, json: {} } });
    renderEdit();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add Tags' }));
    await user.click(await screen.findByText('tag 1'));
    expect(await screen.findByText(MSG.tagAddFailed)).toBeInTheDocument();
  });

  it('removes a tag after the question, then says No Tags Found; a failure has its notice', async () => {
    let fail = true;
    editApi({
      'DELETE /cuviewTV/remove_category_tag/:tag/:cat/': () =>
        fail ? { status: 500, json: {} } : { json: { message: 'ok' } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderEdit();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove tag Calm' }));
    expect(confirm).toHaveBeenCalledWith(MSG.deleteTagConfirm);
    expect(await screen.findByText(MSG.tagRemoveFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Remove tag Calm' }));
    expect(await screen.findByText(MSG.tagRemoved)).toBeInTheDocument();
    expect(await screen.findByText(MSG.noTags)).toBeInTheDocument();
  });

  it('Show Videos opens the public category page', async () => {
    editApi();
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Show Videos' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/category/:title/:id');
  });

  it('asks before leaving with unsaved changes, through the back arrow', async () => {
    editApi({ 'GET /cuviewTV/admin/categories/': { json: PAGE } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderInAdmin('/editCategory/3', [
      { path: '/editCategory/:categoryId', element: <EditCategoryScreen /> },
      { path: '/categories', element: <CategoriesScreen /> },
    ]);
    const user = userEvent.setup({ delay: null });
    // The access toggle alone marks the page as changed.
    await user.click(await screen.findByRole('switch', { name: 'Access' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(screen.getByLabelText('Title')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'CATEGORIES' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'CATEGORIES' })).toBeInTheDocument());
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('leaves without a question when nothing changed', async () => {
    editApi({ 'GET /cuviewTV/admin/categories/': { json: PAGE } });
    const confirm = vi.spyOn(window, 'confirm');
    renderInAdmin('/editCategory/3', [
      { path: '/editCategory/:categoryId', element: <EditCategoryScreen /> },
      { path: '/categories', element: <CategoriesScreen /> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'CATEGORIES' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
