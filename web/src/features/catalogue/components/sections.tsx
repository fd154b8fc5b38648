import { useState } from 'react';
import { Carousel } from '@/components/cards/Carousel';
import { PlaylistCard } from '@/components/cards/PlaylistCard';
import { VideoCard } from '@/components/cards/VideoCard';
import { isNotFound, toMessage } from '@/lib/api/client';
import type { Group, Id } from '@/lib/api/types';
import { CAROUSEL_ITEMS, DEFAULTS } from '@/lib/constants';
import { groupHref, playerHref, playlistPlayerHref } from '@/lib/links';
import { useActiveGenres } from '../api/get-active-genres';
import { useConcerts } from '../api/get-concerts';
import { useEssentialClassics } from '../api/get-essential-classics';
import { useGroupPlaylists } from '../api/get-group-playlists';
import { useGroups } from '../api/get-groups';
import { useLatestPlaylists } from '../api/get-latest-playlists';
import { GenreCard } from './GenreCard';

function LoadError({ error }: { error: unknown }) {
  return error ? <p className="error-text">{toMessage(error)}</p> : null;
}

/**
 * A row with nothing to show is left out, as on any streaming service: an empty answer, or a
 * 404 for a list the page names by a fixed id (DEFAULTS) that this catalogue does not hold (a
 * new install, before staff made it). Any other error is shown.
 */
function nothingToShow(q: { data?: unknown[]; error: unknown; isPending: boolean }): boolean {
  if (isNotFound(q.error)) return true;
  return !q.isPending && !q.error && (q.data?.length ?? 0) === 0;
}

export function LatestPlaylistsSection() {
  const q = useLatestPlaylists();
  if (nothingToShow(q)) return null;
  return (
    <>
      <Carousel title="New Playlists" items={CAROUSEL_ITEMS.newPlaylists} loading={q.isPending}>
        {(q.data ?? []).map((p) => (
          <PlaylistCard key={p.id} playlist={p} to={playlistPlayerHref(p, DEFAULTS.landingGroupId)} />
        ))}
      </Carousel>
      <LoadError error={q.error} />
    </>
  );
}

/** "Best on YouTube": Essential Classics (playlist 251, group 10), many of them YouTube-only. */
export function EssentialsSection() {
  const q = useEssentialClassics();
  if (nothingToShow(q)) return null;
  const { playlistId, groupId } = DEFAULTS.essentialClassics;
  return (
    <>
      <Carousel
        title="New Audio / Best on YouTube"
        label="Best on YouTube"
        items={CAROUSEL_ITEMS.essentials}
        loading={q.isPending}
        showAll={`/playlist/${playlistId}/Essential%20Classics`}
      >
        {(q.data ?? []).map((v) => (
          <VideoCard
            key={v.id}
            video={v}
            to={playerHref({ playlistId, groupId, videoId: v.id })}
            context={{ playlistId, groupId }}
          />
        ))}
      </Carousel>
      <LoadError error={q.error} />
    </>
  );
}

export function ConcertsSection() {
  const q = useConcerts();
  if (nothingToShow(q)) return null;
  const groupId = DEFAULTS.concertsGroupId;
  return (
    <>
      <Carousel
        title="Concerts and Performances"
        items={CAROUSEL_ITEMS.concerts}
        loading={q.isPending}
        showAll={groupHref(groupId, 'Concerts and Performances')}
      >
        {(q.data ?? []).map((p) => (
          <PlaylistCard key={p.id} playlist={p} to={playlistPlayerHref(p, groupId)} />
        ))}
      </Carousel>
      <LoadError error={q.error} />
    </>
  );
}

export function GenresSection() {
  const q = useActiveGenres();
  if (nothingToShow(q)) return null;
  return (
    <>
      <Carousel title="Genres" items={CAROUSEL_ITEMS.genres} loading={q.isPending} tileMeta={false}>
        {(q.data ?? []).map((g) => (
          <GenreCard key={g.id} genre={g} />
        ))}
      </Carousel>
      <LoadError error={q.error} />
    </>
  );
}

/** Playlist-group tabs with the active group's playlists (landing default group 4). */
export function GroupTabsSection({ initialGroupId = DEFAULTS.landingGroupId }: { initialGroupId?: Id }) {
  const groups = useGroups();
  const [selected, setSelected] = useState<Id>(initialGroupId);
  const list = groups.data ?? [];
  const active: Group | undefined = list.find((g) => g.id === selected) ?? list[0];
  const playlists = useGroupPlaylists(active?.id ?? selected);
  if (groups.isSuccess && list.length === 0) return null;

  const tabs = (
    <div className="tabs" role="tablist" aria-label="Playlist groups">
      {list.map((g) => (
        <button
          key={g.id}
          type="button"
          role="tab"
          id={`group-tab-${g.id}`}
          aria-selected={g.id === active?.id}
          tabIndex={g.id === active?.id ? 0 : -1}
          className={`tab${g.id === active?.id ? ' is-active' : ''}`}
          onClick={() => setSelected(g.id)}
          onKeyDown={(e) => {
            const i = list.findIndex((x) => x.id === g.id);
            const next =
              e.key === 'ArrowRight'
                ? list[(i + 1) % list.length]
                : e.key === 'ArrowLeft'
                  ? list[(i - 1 + list.length) % list.length]
                  : null;
            if (next) {
              e.preventDefault();
              setSelected(next.id);
              document.getElementById(`group-tab-${next.id}`)?.focus();
            }
          }}
        >
          {g.title}
        </button>
      ))}
    </div>
  );

  return (
    <div className="group-tabs">
      {tabs}
      <div role="tabpanel" aria-labelledby={active ? `group-tab-${active.id}` : undefined}>
        {playlists.isError ? (
          // Spec viewer §8: group playlists show the stored error as plain heading text.
          <h3 className="error-heading">{toMessage(playlists.error)}</h3>
        ) : (
          <Carousel
            title={active?.title ?? 'Playlists'}
            items={CAROUSEL_ITEMS.groupPlaylists}
            loading={playlists.isPending}
            showAll={active ? groupHref(active.id, active.title) : undefined}
          >
            {(playlists.data ?? []).map((p) => (
              <PlaylistCard key={p.id} playlist={p} to={playlistPlayerHref(p, active?.id ?? selected)} />
            ))}
          </Carousel>
        )}
      </div>
    </div>
  );
}
