import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt, mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';
import { AdminLayout } from './AdminLayout';

const NO_FAILURES = { failed: 0, latest_failed_at: null, latest_title: null };

function signedInAs(user: object, failures: object = NO_FAILURES) {
  localStorage.setItem('access', fakeJwt());
  mockFetch({
    'POST /cuviewTV/auth/jwt/verify/': { json: {} },
    'GET /cuviewTV/auth/users/me/': { json: user },
    'GET /cuviewTV/get_processing_failures/': { json: failures },
  });
}

describe('admin layout guard', { timeout: 60_000 }, () => {
  it('shows a loading indicator while the user loads', () => {
    signedInAs({ id: 1, is_staff: true });
    renderRoute(<AdminLayout />, { route: '/adminVideos', path: '/adminVideos' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('tells a signed-in non-staff person they may not enter', async () => {
    signedInAs({ id: 2, first_name: 'Jo', is_staff: false });
    renderRoute(<AdminLayout />, { route: '/adminVideos', path: '/adminVideos' });
    expect(
      await screen.findByRole('heading', { name: "You don't have permission for this Action" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in and remembers the address', async () => {
    mockFetch({});
    renderRoute(<AdminLayout />, { route: '/themes', path: '/themes' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('path')).toBe('/themes');
  });

  it('gives staff the side menu with the active section and the logo to the player', async () => {
    signedInAs({ id: 3, first_name: 'Ann', is_staff: true });
    renderRoute(<AdminLayout />, { route: '/editPlaylist/10', path: '/editPlaylist/:playlistId' });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'MY PAGE',
      'VIDEOS',
      'PLAYLISTS',
      'THEMES',
      'CATEGORIES',
      'TAGS & GENRES',
      'PROCESSING',
      'STATISTICS',
      'SECURITY',
    ]);
    expect(screen.getByRole('link', { name: 'PLAYLISTS' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'cuview TV player' })).toHaveAttribute('href', '/home?g=4&p=10&v=827');
  });

  it('counts failed processing beside PROCESSING and announces a failure newer than the last one seen', async () => {
    localStorage.setItem('cuview.processing.seenFailure', '2026-11-26T03:00:00.000Z');
    signedInAs(
      { id: 3, first_name: 'Ann', is_staff: true },
      { failed: 2, latest_failed_at: '2026-11-26T04:00:00.000Z', latest_title: 'Concert in Oslo' },
    );
    renderRoute(<AdminLayout />, { route: '/adminVideos', path: '/adminVideos' });
    expect(await screen.findByLabelText('2 failed')).toHaveTextContent('2');
    expect(await screen.findByText('Processing failed: Concert in Oslo')).toBeInTheDocument();
    expect(localStorage.getItem('cuview.processing.seenFailure')).toBe('2026-11-26T04:00:00.000Z');
  });

  it('sends staff who must turn on two-factor sign-in to the Security screen first', async () => {
    signedInAs({ id: 3, first_name: 'Ann', is_staff: true, totp_setup_required: true });
    renderRoute(<AdminLayout />, { route: '/adminVideos', path: '/adminVideos' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/adminSecurity');
  });
});
