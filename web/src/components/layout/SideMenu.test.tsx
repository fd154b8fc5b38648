import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SideMenu } from './SideMenu';

function renderMenu(route: string, props: Partial<Parameters<typeof SideMenu>[0]> = {}) {
  const onToggle = vi.fn();
  const onCloseDrawer = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SideMenu
            signedIn={false}
            open
            drawerOpen={false}
            onToggle={onToggle}
            onCloseDrawer={onCloseDrawer}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [route] },
  );
  render(<RouterProvider router={router} />);
  return { onToggle, onCloseDrawer, nav: screen.getByRole('navigation', { name: 'Main' }) };
}

describe('side menu', () => {
  it('lists Search, Home, Content, Categories and Promo for visitors', () => {
    const { nav } = renderMenu('/');
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Search', 'Home', 'Content', 'Categories', 'Promo']);
  });

  it('adds My Playlists for a signed-in person', () => {
    const { nav } = renderMenu('/', { signedIn: true });
    expect(within(nav).getByRole('link', { name: 'My Playlists' })).toHaveAttribute('href', '/myPlaylists');
  });

  it('highlights the entry of the current address', () => {
    renderMenu('/category/Jazz/3');
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('Promo opens the promo playlist and is highlighted there; Content uses the stored ids or 403/54/4', () => {
    renderMenu('/home?p=342&v=1526&g=24');
    expect(screen.getByRole('link', { name: 'Promo' })).toHaveAttribute('href', '/home?g=24&p=342&v=1526');
    expect(screen.getByRole('link', { name: 'Promo' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Content' })).toHaveAttribute('href', '/home?g=4&p=54&v=403');
  });

  it('Content reopens the last stored video, playlist and group', () => {
    localStorage.setItem('video_id', '827');
    localStorage.setItem('playlist_id', '10');
    localStorage.setItem('group_id', '8');
    renderMenu('/home?g=8&p=10&v=827');
    const content = screen.getByRole('link', { name: 'Content' });
    expect(content).toHaveAttribute('href', '/home?g=8&p=10&v=827');
    expect(content).toHaveAttribute('aria-current', 'page');
  });

  it('collapses and expands with its toggle', () => {
    const { onToggle, nav } = renderMenu('/', { open: true });
    const toggle = screen.getByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledOnce();
    expect(nav).toHaveClass('is-open');
  });

  it('collapsed, the labels stay available to assistive technology', () => {
    renderMenu('/', { open: false });
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Search' })).toBeInTheDocument();
  });

  it('as a drawer, Escape and the backdrop close it', () => {
    const { onCloseDrawer, nav } = renderMenu('/', { drawerOpen: true });
    expect(nav).toHaveClass('is-drawer-open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCloseDrawer).toHaveBeenCalledTimes(1);
    fireEvent.click(document.querySelector('.drawer-backdrop')!);
    expect(onCloseDrawer).toHaveBeenCalledTimes(2);
  });
});
