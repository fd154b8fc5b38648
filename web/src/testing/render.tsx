import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { VideoActionsContext } from '@/components/cards/video-actions';
import { ToastProvider } from '@/components/ui/toast';
import { playlistVideoActions } from '@/features/playlists';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders `ui` at `route` inside the app's providers and a memory router. `path` is the
 * route pattern of `ui`; `extra` adds destination routes (for redirects) that print their path.
 */
export function renderRoute(
  ui: ReactElement,
  { route = '/', path = '/', extra = [] as RouteObject[], queryClient = testQueryClient() } = {},
) {
  const routes: RouteObject[] = [{ path, element: ui }, ...extra, { path: '*', element: <Where /> }];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <VideoActionsContext.Provider value={playlistVideoActions}>
          <RouterProvider router={router} />
        </VideoActionsContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** A route element that shows where the app navigated to. */
export function landedAt(path: string): RouteObject {
  return { path, element: <p data-testid="landed">{path}</p> };
}
