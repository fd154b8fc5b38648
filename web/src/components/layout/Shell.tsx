import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { canEditPlaylists, rememberPath, useLogout, useUser } from '@/lib/auth';
import { Footer } from './Footer';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/** Viewer layout: top bar, side menu, page, footer. Remembers the current path (key `path`). */
export function Shell() {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => {
    rememberPath(location.pathname + location.search);
  }, [location.pathname, location.search]);

  return (
    <div className={`shell${menuOpen ? ' shell--menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar
        user={user}
        drawerOpen={drawerOpen}
        onOpenDrawer={() => setDrawerOpen(true)}
        onLogout={() => {
          // Off the page first, at once (not in a transition that keeps it on screen): a screen for
          // signed-in people that saw the sign-out would send the next person to sign in and then
          // back to this person's page, their private playlist.
          void navigate('/', { flushSync: true });
          logout();
        }}
      />
      <SideMenu
        // My Playlists is for people who keep playlists: the guest (no first name) watches only.
        signedIn={canEditPlaylists(user)}
        open={menuOpen}
        onToggle={() => setMenuOpen((o) => !o)}
        drawerOpen={drawerOpen}
        onCloseDrawer={closeDrawer}
      />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
