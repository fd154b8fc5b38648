import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/layout/Logo';
import { Loading } from '@/components/ui/Loading';
import { rememberPath, useUser } from '@/lib/auth';
import { DEFAULTS } from '@/lib/constants';
import { playerHref } from '@/lib/links';
import { readPlayTarget } from '@/lib/storage';
import { useProcessingFailures } from '../api/processing/get-processing-failures';
import { UnsavedChangesProvider } from '../unsaved-changes';

export const NO_PERMISSION_MESSAGE = "You don't have permission for this Action";

const MENU = [
  { label: 'MY PAGE', to: '/main', match: ['/main'] },
  { label: 'VIDEOS', to: '/adminVideos', match: ['/adminVideos', '/addVideo', '/editVideo'] },
  { label: 'PLAYLISTS', to: '/adminPlaylists', match: ['/adminPlaylists', '/addPlaylist', '/editPlaylist'] },
  { label: 'THEMES', to: '/themes', match: ['/themes', '/editTheme'] },
  { label: 'CATEGORIES', to: '/categories', match: ['/categories', '/editCategory'] },
  { label: 'TAGS & GENRES', to: '/taxonomy', match: ['/taxonomy'] },
  { label: 'PROCESSING', to: '/processing', match: ['/processing'] },
  { label: 'STATISTICS', to: '/adminStats', match: ['/adminStats'] },
  { label: 'SECURITY', to: '/adminSecurity', match: ['/adminSecurity'] },
] as const;

/** Where staff go while configuration requires two-factor sign-in and theirs is off. */
const TWO_FACTOR_PATH = '/adminSecurity';

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

  // The admin API refuses them until it is on (403 otp_setup_required): go and turn it on.
  if (user.totp_setup_required && location.pathname !== TWO_FACTOR_PATH) {
    return <Navigate to={TWO_FACTOR_PATH} replace />;
  }

  return <StaffLayout />;
}

/** The console itself, for staff: the menu (with the failed-processing badge) and the screen. */
function StaffLayout() {
  const location = useLocation();
  const failed = useProcessingFailures();
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
                      {item.to === '/processing' && failed > 0 && (
                        <span className="admin__badge" aria-label={`${failed} failed`}>
                          {failed}
                        </span>
                      )}
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
