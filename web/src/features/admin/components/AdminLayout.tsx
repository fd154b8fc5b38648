import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/layout/Logo';
import { Loading } from '@/components/ui/Loading';
import { rememberPath, useUser } from '@/lib/auth';
import { DEFAULTS } from '@/lib/constants';
import { playerHref } from '@/lib/links';
import { readPlayTarget } from '@/lib/storage';
import { UnsavedChangesProvider } from '../unsaved-changes';

export const NO_PERMISSION_MESSAGE = "You don't have permission for this Action";

const MENU = [
  { label: 'MY PAGE', to: '/main', match: ['/main'] },
  { label: 'VIDEOS', to: '/adminVideos', match: ['/adminVideos', '/addVideo', '/editVideo'] },
  { label: 'PLAYLISTS', to: '/adminPlaylists', match: ['/adminPlaylists', '/addPlaylist', '/editPlaylist'] },
  { label: 'THEMES', to: '/themes', match: ['/themes', '/editTheme'] },
  { label: 'CATEGORIES', to: '/categories', match: ['/categories', '/editCategory'] },
  { label: 'TAGS & GENRES', to: '/taxonomy', match: ['/taxonomy'] },
] as const;

/**
 * Guarded admin layout (spec admin §2, §6): a loading indicator while the user loads,
 * sign-in for visitors, the permission message for anyone without the staff flag.
 */
export function AdminLayout() {
  const { data: user, isPending } = useUser();
  const location = useLocation();

  if (isPending) return <Loading />;
  if (!user?.id) {
    rememberPath(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (!user.is_staff) {
    return (
      <div className="page page--center" role="alert">
        <h1>{NO_PERMISSION_MESSAGE}</h1>
        <Link to="/">Go to the home page</Link>
      </div>
    );
  }

  // The logo leads to the public player with the stored ids (defaults 827 / 10 / 4).
  const home = playerHref(readPlayTarget(DEFAULTS.adminHome));
  return (
    <UnsavedChangesProvider>
      <div className="admin">
        <aside className="admin__side">
          <Link to={home} className="admin__logo" aria-label="cuview TV player">
            <Logo />
          </Link>
          <nav aria-label="Admin">
            <ul>
              {MENU.map((item) => {
                const active = item.match.some((m) => location.pathname === m || location.pathname.startsWith(`${m}/`));
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={`admin__item${active ? ' is-active' : ''}`}
                      aria-current={active ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
        <main className="admin__main" id="main">
          <Outlet />
        </main>
      </div>
    </UnsavedChangesProvider>
  );
}
