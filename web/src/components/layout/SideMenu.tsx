import { useEffect, useRef, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import {
  IconCategories,
  IconChevronLeft,
  IconChevronRight,
  IconContent,
  IconHome,
  IconPlaylist,
  IconPromo,
  IconSearch,
} from '@/components/ui/icons';
import { activeMenuKey, contentHref, promoHref, type MenuKey } from './menu-items';

type Entry = {
  key: MenuKey;
  label: string;
  href: () => string;
  Icon: ComponentType<{ size?: number }>;
  signedIn?: boolean;
};

const ENTRIES: Entry[] = [
  { key: 'search', label: 'Search', href: () => '/search', Icon: IconSearch },
  { key: 'home', label: 'Home', href: () => '/', Icon: IconHome },
  { key: 'content', label: 'Content', href: contentHref, Icon: IconContent },
  { key: 'categories', label: 'Categories', href: () => '/category', Icon: IconCategories },
  { key: 'myPlaylists', label: 'My Playlists', href: () => '/myPlaylists', Icon: IconPlaylist, signedIn: true },
  { key: 'promo', label: 'Promo', href: () => promoHref, Icon: IconPromo },
];

/**
 * Side menu (spec viewer §2): a rail of 4.5rem that opens to 12.875rem on desktop, a drawer
 * under 768 px. The entry of the current address is highlighted (aria-current).
 */
export function SideMenu({
  signedIn,
  open,
  onToggle,
  drawerOpen,
  onCloseDrawer,
}: {
  signedIn: boolean;
  open: boolean;
  onToggle: () => void;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}) {
  const location = useLocation();
  const active = activeMenuKey(location.pathname, location.search);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!drawerOpen) return undefined;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, onCloseDrawer]);

  return (
    <>
      {drawerOpen && <div className="drawer-backdrop" onClick={onCloseDrawer} aria-hidden="true" />}
      <nav
        ref={navRef}
        id="side-menu"
        className={`side-menu${open ? ' is-open' : ''}${drawerOpen ? ' is-drawer-open' : ''}`}
        aria-label="Main"
      >
        <button
          type="button"
          className="side-menu__toggle icon-button"
          aria-label={open ? 'Collapse menu' : 'Expand menu'}
          aria-expanded={open}
          onClick={onToggle}
        >
          {open ? <IconChevronLeft /> : <IconChevronRight />}
        </button>
        <ul>
          {ENTRIES.filter((e) => !e.signedIn || signedIn).map(({ key, label, href, Icon }) => (
            <li key={key}>
              <Link
                to={href()}
                className={`side-menu__item${active === key ? ' is-active' : ''}`}
                aria-current={active === key ? 'page' : undefined}
                title={open ? undefined : label}
                onClick={onCloseDrawer}
              >
                <Icon size={22} />
                <span className="side-menu__label">{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
