import { Link, useNavigate } from 'react-router';
import { IconBack, IconMenu } from '@/components/ui/icons';
import { MenuButton, type MenuItem } from '@/components/ui/MenuButton';
import type { User } from '@/lib/api/types';
import { hasOwnAccount } from '@/lib/auth';
import { initials } from '@/lib/format';
import { Logo } from './Logo';

export function TopBar({
  user,
  onLogout,
  onOpenDrawer,
  drawerOpen,
}: {
  user: User | null | undefined;
  onLogout: () => void;
  onOpenDrawer: () => void;
  drawerOpen: boolean;
}) {
  const navigate = useNavigate();
  const items: MenuItem[] = [];
  if (user?.is_staff) items.push({ label: 'Admin Page', onSelect: () => void navigate('/main') });
  if (hasOwnAccount(user)) {
    items.push({ label: 'Account', onSelect: () => void navigate('/account') });
  } else if (user) {
    // The guest (no first name) has no details of its own; its way out is to an account.
    const leaveFor = (path: string) => () => {
      onLogout();
      void navigate(path);
    };
    items.push(
      { label: 'Sign in', onSelect: leaveFor('/login') },
      { label: 'Sign up', onSelect: leaveFor('/register') },
    );
  }
  items.push({ label: 'Logout', onSelect: onLogout });

  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button top-bar__drawer"
        aria-label="Open menu"
        aria-controls="side-menu"
        aria-expanded={drawerOpen}
        onClick={onOpenDrawer}
      >
        <IconMenu />
      </button>
      <button type="button" className="icon-button" aria-label="Go back" onClick={() => void navigate(-1)}>
        <IconBack />
      </button>
      <Link to="/" className="top-bar__logo" aria-label="cuview TV home">
        <Logo />
      </Link>
      <div className="top-bar__spacer" />
      {user ? (
        <MenuButton
          className="avatar-menu"
          label={`Account menu for ${[user.first_name, user.last_name].filter(Boolean).join(' ') || 'you'}`}
          buttonContent={<span className="avatar">{initials(user.first_name, user.last_name)}</span>}
          items={items}
        />
      ) : user === null ? (
        <Link to="/login" className="button button--primary button--small">
          Login
        </Link>
      ) : null}
    </header>
  );
}
