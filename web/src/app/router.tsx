import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Shell } from '@/components/layout/Shell';
import { Loading } from '@/components/ui/Loading';
import { NotFound, RouteError } from './RouteError';
import Landing from './routes/landing';

/**
 * Route tree. Every screen but the landing page is its own lazy chunk (React.lazy): the front
 * door comes with the app's first script, not one round trip later. The viewer screens share the
 * Shell layout, the sign-in screens have none, and the admin tree is one separate lazy chunk
 * behind its own guarded layout (jellyfin-web: separate viewer and admin trees).
 */
function page(Component: LazyExoticComponent<ComponentType> | ComponentType) {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

const Player = lazy(() => import('./routes/player'));
const Categories = lazy(() => import('./routes/categories'));
const CategoryVideos = lazy(() => import('./routes/category'));
const GroupPlaylists = lazy(() => import('./routes/group'));
const PlaylistVideos = lazy(() => import('./routes/playlist'));
const FilterResults = lazy(() => import('./routes/filter-results'));
const Search = lazy(() => import('./routes/search'));
const MyPlaylists = lazy(() => import('./routes/my-playlists'));
const MyPlaylist = lazy(() => import('./routes/my-playlist'));
const Account = lazy(() => import('./routes/account'));

const auth = () => import('@/features/auth');
const Login = lazy(() => auth().then((m) => ({ default: m.LoginScreen })));
const Register = lazy(() => auth().then((m) => ({ default: m.RegisterScreen })));
const ResetPassword = lazy(() => auth().then((m) => ({ default: m.ResetPasswordScreen })));
const ResetPasswordConfirm = lazy(() => auth().then((m) => ({ default: m.ResetPasswordConfirmScreen })));
const Activate = lazy(() => auth().then((m) => ({ default: m.ActivateScreen })));

/** The admin console: one lazy chunk, entered only through its guarded layout. */
const admin = () => import('@/features/admin');
const AdminLayout = lazy(() => admin().then((m) => ({ default: m.AdminLayout })));
const adminScreen = (name: string) =>
  lazy(() => admin().then((m) => ({ default: m.adminScreens[name] ?? m.AdminScreenMissing })));

export const ADMIN_PATHS = [
  'main',
  'adminVideos',
  'addVideo',
  'editVideo/:videoId',
  'adminPlaylists',
  'addPlaylist',
  'editPlaylist/:playlistId',
  'themes',
  'editTheme/:groupId',
  'categories',
  'editCategory/:categoryId',
  'taxonomy',
  'processing',
  'adminSecurity',
  'adminStats',
] as const;

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        {
          element: <Shell />,
          children: [
            { path: '/', element: page(Landing) },
            { path: '/home', element: page(Player) },
            { path: '/category', element: page(Categories) },
            { path: '/category/:title/:categoryId', element: page(CategoryVideos) },
            { path: '/group/:groupId/:title', element: page(GroupPlaylists) },
            { path: '/playlist/:playlistId/:title', element: page(PlaylistVideos) },
            { path: '/filter_results/:filterList', element: page(FilterResults) },
            { path: '/search', element: page(Search) },
            { path: '/myPlaylists', element: page(MyPlaylists) },
            { path: '/myPlaylist/:playlistId/:title', element: page(MyPlaylist) },
            { path: '/account', element: page(Account) },
            { path: '*', element: <NotFound /> },
          ],
        },
        {
          element: <Outlet />,
          children: [
            { path: '/login', element: page(Login) },
            { path: '/register', element: page(Register) },
            { path: '/reset_password', element: page(ResetPassword) },
            { path: '/password-reset/:uid/:token', element: page(ResetPasswordConfirm) },
            { path: '/activate/:uid/:token', element: page(Activate) },
          ],
        },
        {
          element: page(AdminLayout),
          children: ADMIN_PATHS.map((path) => ({ path: `/${path}`, element: page(adminScreen(path.split('/')[0]!)) })),
        },
        // The address staff guess first (a stranger met "Page not found" there): the console's
        // entry, as the avatar menu's "Admin Page" opens it (viewers meet its guard there).
        { path: '/admin', element: <Navigate to="/main" replace /> },
      ],
    },
  ]);
}
