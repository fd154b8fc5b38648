import { LinkKind } from '@app/contracts';
import type { AlbumTrack, Member, TrackLink } from '@app/db';

/** The recognised-track shape of spec viewer §3, as the web app reads it. */
export interface RecognisedTrack {
  track_id: number;
  track_title: string;
  track_url: string;
  album: { id: number; title: string; catalogue_num: string; cover_url: string; url: string };
  members: { id: number; title: string; title2: string; merch_url: string }[];
  composers: { id: number; title: string }[];
  genre_title: string;
  culinks: Record<Exclude<LinkKind, LinkKind.Extra>, { url: string }> & {
    EXTRA_LINKS: { url: string; title: string }[];
  };
  links: { kind: string; url: string; title: string }[];
  salome_obj_links: { link_url: string; link_title: string; link_img_url: string; link_img_url_300: string }[];
  wm1_info: { code: number | null };
  /**
   * speed: tape-style speed of the heard audio against the track (1.02: played 2 % fast,
   * pitch up with it); pitch: pitch shift without tempo change, as a frequency ratio (1.0595:
   * a semitone up). Both 1 when the audio matched as it is; null for a watermark answer.
   */
  fp: { mood: string; offset: number | null; score: number | null; speed: number | null; pitch: number | null };
  result_link: string;
}

const STORE_KINDS = [
  LinkKind.Itunes,
  LinkKind.Amazon,
  LinkKind.Cuview,
  LinkKind.Spotify,
  LinkKind.Deezer,
  LinkKind.Rdio,
] as const;

function memberView(member: Member) {
  return { id: member.id, title: member.title, title2: member.title2, merch_url: member.merchUrl };
}

/** Builds the answer from a fully loaded album track (album, genre, mood, members, composers, links). */
export function toRecognisedTrack(
  track: AlbumTrack,
  publicUrl: string,
  match: { code?: number; offset?: number; score?: number; speed?: number; pitch?: number },
): RecognisedTrack {
  const links: TrackLink[] = [...(track.links ?? [])].sort((a, b) => a.id - b.id);
  const first = (kind: LinkKind) => links.find((link) => link.kind === kind)?.url ?? '';
  const culinks = {
    ...Object.fromEntries(STORE_KINDS.map((kind) => [kind, { url: first(kind) }])),
    EXTRA_LINKS: links.filter((l) => l.kind === LinkKind.Extra).map((l) => ({ url: l.url, title: l.title })),
  } as RecognisedTrack['culinks'];
  const trackUrl = first(LinkKind.Cuview) || links[0]?.url || '';
  const albumCover = `${publicUrl}/cuviewTV/image/album/${track.albumId}/600/`;
  return {
    track_id: track.id,
    track_title: track.title,
    track_url: trackUrl,
    album: {
      id: track.album.id,
      title: track.album.title,
      catalogue_num: track.album.catalogueNum,
      cover_url: albumCover,
      url: trackUrl,
    },
    members: [...(track.members ?? [])].sort((a, b) => a.id - b.id).map(memberView),
    composers: [...(track.composers ?? [])].sort((a, b) => a.id - b.id).map((c) => ({ id: c.id, title: c.title })),
    genre_title: track.genre?.title ?? track.album.genre?.title ?? '',
    culinks,
    links: links.map((l) => ({ kind: l.kind, url: l.url, title: l.title || l.kind })),
    salome_obj_links: links
      .filter((l) => l.kind !== LinkKind.Extra)
      .map((l) => ({
        link_url: l.url,
        link_title: l.title || l.kind,
        link_img_url: l.imageUrl || albumCover,
        link_img_url_300: l.imageUrl || `${publicUrl}/cuviewTV/image/album/${track.albumId}/300/`,
      })),
    wm1_info: { code: match.code ?? null },
    fp: {
      mood: track.mood?.title ?? '',
      offset: match.offset ?? null,
      score: match.score ?? null,
      speed: match.speed ?? null,
      pitch: match.pitch ?? null,
    },
    result_link: trackUrl,
  };
}
