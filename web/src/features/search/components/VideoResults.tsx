import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { VideoGrid } from '@/components/cards/VideoGrid';
import { useVideoActions } from '@/components/cards/video-actions';
import { SelectionBar, useSelection } from '@/components/selection/selection';
import { Loading } from '@/components/ui/Loading';
import { toMessage } from '@/lib/api/client';
import type { Id, Video, VideoPage } from '@/lib/api/types';
import { canEditPlaylists, useUser } from '@/lib/auth';
import { DEFAULTS } from '@/lib/constants';
import { playerHref } from '@/lib/links';
import { readPlayTarget, storePlayTarget } from '@/lib/storage';
import { useWindowBottom } from '@/hooks/scroll';
import { flattenPages } from '../api/paging';

type InfiniteVideos = {
  data?: { pages: VideoPage[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  fetchStatus: string;
};

/** Where a result video plays: the last active playlist and group, this video. */
export function resultHref(video: Video): string {
  const t = readPlayTarget(DEFAULTS.content);
  return playerHref({ playlistId: t.playlistId, groupId: t.groupId, videoId: video.id });
}

/**
 * Infinite-scroll results grid with selection mode (Select / All / Exit / Add to) for people
 * with a first name. `resetKey` changes when the filter or query changes: the selection clears.
 * `waiting`: another row of the same results is still loading, so these wait with it.
 * `otherResults`: another row found something, so no videos is no "No Results".
 */
export function VideoResults({
  query,
  resetKey,
  idle,
  waiting = false,
  otherResults = false,
}: {
  query: InfiniteVideos;
  resetKey: string;
  idle?: boolean;
  waiting?: boolean;
  otherResults?: boolean;
}) {
  const { data: user } = useUser();
  const videos = flattenPages((query.data?.pages ?? []).map((p) => p.videos));
  const selection = useSelection(videos.map((v) => v.id));
  const actions = useVideoActions();
  const navigate = useNavigate();
  const [adding, setAdding] = useState<Id[] | null>(null);

  const { clear } = selection;
  useEffect(() => clear(), [resetKey, clear]);

  useWindowBottom(
    () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    query.hasNextPage,
    videos.length,
  );

  if (idle) return null;
  if ((query.isPending && query.fetchStatus !== 'idle') || waiting) return <Loading />;
  if (query.isError) return <p className="error-text">{toMessage(query.error)}</p>;
  if (videos.length === 0) return otherResults ? null : <p className="muted empty">No Results</p>;

  return (
    <div className="results">
      {canEditPlaylists(user) && <SelectionBar selection={selection} onAddTo={setAdding} />}
      <VideoGrid videos={videos} hrefFor={resultHref} selection={selection} />
      {query.isFetchingNextPage && <Loading />}
      {adding && actions && (
        <actions.AddToDialog
          videoIds={adding}
          onClose={() => setAdding(null)}
          onAdded={(playlistId, groupId) => {
            // Spec viewer §4: store the active playlist and group and go to the player.
            const target = {
              playlistId,
              groupId: groupId ?? readPlayTarget(DEFAULTS.content).groupId,
              videoId: adding[0]!,
            };
            storePlayTarget(target);
            setAdding(null);
            selection.exit();
            void navigate(playerHref(target));
          }}
        />
      )}
    </div>
  );
}
