import { useState } from 'react';
import { IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useArrangeBannerVideos } from '../api/banners/arrange-banner-videos';
import { useDeleteBannerVideo } from '../api/banners/delete-banner-video';
import { useBannerVideos } from '../api/banners/get-banner-videos';
import { StatusBadge } from '../components/AccessSwitch';
import { listState } from '../components/ListState';
import { RowActions } from '../components/RowActions';
import { SortableList } from '../components/SortableList';
import { useNotify } from '../hooks/use-notify';
import { MSG } from '../messages';
import type { Banner } from '../types';
import { AddBannerWizard } from './AddBannerWizard';
import { EditBannerPanel } from './EditBannerPanel';

/**
 * /main, MY PAGE (spec §2): the main page's banner videos as draggable cards (order saved at
 * once through arrange_banner_videos), each with edit and delete; the add-banner wizard.
 */
export function MainScreen() {
  const q = useBannerVideos();
  const arrange = useArrangeBannerVideos();
  const remove = useDeleteBannerVideo();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Banner | null>(null);
  const banners = q.data ?? [];
  const state = listState(q, banners.length === 0, 'No banner videos yet');

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>MY PAGE</h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <IconPlus size={16} /> Add Banner
        </button>
      </header>
      <h2 className="section-title">Banner videos</h2>
      {state ?? (
        <SortableList
          label="Banner videos"
          layout="cards"
          items={banners}
          itemLabel={(b) => b.banner_title || b.video_title}
          onMove={arrange(banners)}
        >
          {(b) => (
            <article className="banner-card">
              <Img className="banner-card__image" src={staffImageUrl(b.video_image, 600)} alt="" />
              <div className="banner-card__body">
                <h3 className="banner-card__title">{b.banner_title}</h3>
                <p className="banner-card__sub">{b.video_title}</p>
                <p className="muted banner-card__meta">
                  {b.playlist_title} · {b.group_title} · {formatDuration(b.video_duration)}
                </p>
                <div className="banner-card__foot">
                  <span className="muted">#{b.position}</span>
                  <StatusBadge status={b.status} />
                  <RowActions
                    name={b.banner_title}
                    edit={() => setEditing(b)}
                    confirm={MSG.deleteBannerConfirm}
                    onDelete={() => remove.mutate(b.id, notify(MSG.bannerDeleted))}
                  />
                </div>
              </div>
            </article>
          )}
        </SortableList>
      )}
      {adding && <AddBannerWizard onClose={() => setAdding(false)} />}
      {editing && <EditBannerPanel key={editing.id} banner={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
