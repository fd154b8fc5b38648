import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { VideoActionsContext } from '@/components/cards/video-actions';
import { ToastProvider } from '@/components/ui/toast';
import { playlistVideoActions } from '@/features/playlists';
import { useSessionSync } from '@/lib/auth';
import { ServiceStatusNotice } from '@/lib/ServiceStatusNotice';

function SessionSync() {
  useSessionSync();
  return null;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <VideoActionsContext.Provider value={playlistVideoActions}>
          <SessionSync />
          <ServiceStatusNotice />
          {children}
        </VideoActionsContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
