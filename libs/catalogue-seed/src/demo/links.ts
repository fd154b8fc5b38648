import { createHash } from 'node:crypto';
import { LinkKind } from '@app/contracts';
import { slug } from './media-cache.js';

/** Any number, the same for the same text: stands in for store ids in the demo links. */
function numberFrom(text: string, digits: number): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return (BigInt(`0x${hex.slice(0, 15)}`) % 10n ** BigInt(digits)).toString().padStart(digits, '1');
}

function base62From(text: string, length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = createHash('sha256').update(text).digest();
  return Array.from({ length }, (_, i) => alphabet[bytes[i]! % 62]).join('');
}

/**
 * Store and streaming links of one album track, shaped like each shop's real links. No RDIO link:
 * the answer keeps the kind (spec), but Rdio closed in 2015 and a viewer would land on nothing.
 */
export function trackLinks(
  albumTitle: string,
  catalogueNum: string,
  position: number,
  artist: { id: number; title: string; site: string; merchUrl: string } | undefined,
) {
  const key = `${catalogueNum}:${position}`;
  const links: { kind: LinkKind; url: string; title: string; imageUrl: string }[] = [
    {
      kind: LinkKind.Itunes,
      url: `https://music.apple.com/us/album/${slug(albumTitle)}/${numberFrom(`apple:${catalogueNum}`, 10)}?i=${numberFrom(`apple:${key}`, 10)}`,
      title: 'Apple Music',
      imageUrl: '',
    },
    {
      kind: LinkKind.Amazon,
      url: `https://www.amazon.com/dp/B0${base62From(`amazon:${key}`, 8).toUpperCase()}`,
      title: 'Amazon Music',
      imageUrl: '',
    },
    {
      kind: LinkKind.Spotify,
      url: `https://open.spotify.com/track/${base62From(`spotify:${key}`, 22)}`,
      title: 'Spotify',
      imageUrl: '',
    },
    {
      kind: LinkKind.Deezer,
      url: `https://www.deezer.com/track/${numberFrom(`deezer:${key}`, 10)}`,
      title: 'Deezer',
      imageUrl: '',
    },
    {
      kind: LinkKind.Cuview,
      url: `https://store.cuview.tv/music/${encodeURIComponent(catalogueNum)}/${position}`,
      title: 'CUVIEW Store',
      imageUrl: '',
    },
  ];
  if (artist) {
    const image = `/cuviewTV/image/member/${artist.id}/300/`;
    links.push({ kind: LinkKind.Extra, url: artist.site, title: `${artist.title} official site`, imageUrl: image });
    links.push({ kind: LinkKind.Extra, url: artist.merchUrl, title: `${artist.title} merch`, imageUrl: image });
  }
  return links;
}
