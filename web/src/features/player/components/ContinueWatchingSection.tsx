import { Carousel } from '@/components/cards/Carousel';
import { VideoCard } from '@/components/cards/VideoCard';
import { hasOwnAccount, useUser } from '@/lib/auth';
import { CAROUSEL_ITEMS, DEFAULTS } from '@/lib/constants';
import { formatDuration } from '@/lib/format';
import { playerHref } from '@/lib/links';
import { readPlayTarget } from '@/lib/storage';
import { useContinueWatching } from '../api/positions';

/**
 * "Continue watching": videos the signed-in person stopped in the middle of, on any device,
 * most recent first (finished ones are left out by the server). A tile resumes the video in
 * the last active playlist, as a search result does. Nothing for visitors and the guest.
 */
export function ContinueWatchingSection({ exceptVideoId }: { exceptVideoId?: number | null }) {
  const { data: user } = useUser();
  const q = useContinueWatching(hasOwnAccount(user));
  const videos = (q.data ?? []).filter((v) => v.id !== exceptVideoId);
  if (!hasOwnAccount(user) || videos.length === 0) return null;
  const target = readPlayTarget(DEFAULTS.content);
  return (
    <Carousel title="Continue watching" items={CAROUSEL_ITEMS.continueWatching}>
      {videos.map((v) => (
        <VideoCard
          key={v.id}
          video={v}
          to={playerHref({ playlistId: target.playlistId, groupId: target.groupId, videoId: v.id })}
          progress={v.duration > 0 ? v.resume_at / v.duration : 0}
          label={`Resume ${v.title} at ${formatDuration(v.resume_at)}`}
        />
      ))}
    </Carousel>
  );
}
