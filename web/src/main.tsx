import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createRouter } from '@/app/router';
import { seedBannersFromPage } from '@/features/catalogue';
import { consumeGuestFlag } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/app.css';

// `?auth=1` (guest link) is read before the router sees the address.
consumeGuestFlag();

const queryClient = createQueryClient();
seedBannersFromPage(queryClient);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
