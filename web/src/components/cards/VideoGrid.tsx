import type { Id, Video } from '@/lib/api/types';
import type { Selection } from '@/components/selection/selection';
import type { VideoActionContext } from './video-actions';
import { VideoCard } from './VideoCard';

/** Grid of video cards; in selection mode each card carries a checkbox. */
export function VideoGrid({
  videos,
  hrefFor,
  context,
  selection,
  label = 'Videos',
}: {
  videos: Video[];
  hrefFor: (video: Video) => string;
  context?: VideoActionContext;
  selection?: Selection;
  /** Heading of the grid for assistive technology (cards carry h3 titles). */
  label?: string;
}) {
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <div className="grid">
        {videos.map((v, i) => (
          <VideoCard
            key={`${v.id}-${i}`}
            video={v}
            to={hrefFor(v)}
            context={context}
            selection={
              selection?.selecting
                ? { selected: selection.selected.has(v.id as Id), onToggle: () => selection.toggle(v.id) }
                : undefined
            }
          />
        ))}
      </div>
    </>
  );
}
