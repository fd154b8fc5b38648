import { imageUrl } from '@/lib/images';

/** Addresses of the share toolbar (spec viewer §2 "Sharing"). */
export type ShareTarget = { videoId: number; playlistId: number; groupId: number; title?: string };

/** Public page with Open Graph tags that forwards to the player (DESIGN §2.13). */
export function sharePageUrl(t: ShareTarget, origin = window.location.origin): string {
  return `${origin}/share/${t.videoId}/${t.playlistId}/${t.groupId}/`;
}

/** The "copy link" address: the player itself. */
export function playerUrl(t: ShareTarget, origin = window.location.origin): string {
  return `${origin}/home?g=${t.groupId}&p=${t.playlistId}&v=${t.videoId}`;
}

/** The video's picture, absolute, as a pin's image (the same one the share page previews). */
export function shareImageUrl(t: ShareTarget, origin = window.location.origin): string {
  return `${origin}${imageUrl('video', t.videoId, 600)}`;
}

/** What one share link carries: the share page, a title and the video's picture. */
export type SharePost = { url: string; title: string; media: string };

/** Hashtags of an X (Twitter) post and the accounts X suggests following after it (spec viewer §5). */
export const TWITTER_HASHTAGS = ['cuview', 'music'];
export const TWITTER_RELATED = ['cuviewtv'];

export type SocialNetwork = { name: string; href: (post: SharePost) => string };

/** `?key=value&...` of the values present, each URL-encoded; lists are joined by commas. */
function query(params: Record<string, string | string[]>): string {
  return `?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : v)}`)
    .join('&')}`;
}

/**
 * The share links, in the formats of the networks' own share buttons: every one carries the
 * url; Pinterest's the picture to pin (`media`, which Pinterest requires); X's the hashtags
 * and the `related` accounts.
 */
export const SOCIAL_NETWORKS: SocialNetwork[] = [
  { name: 'Facebook', href: ({ url }) => `https://www.facebook.com/sharer/sharer.php${query({ u: url })}` },
  {
    name: 'X (Twitter)',
    href: ({ url, title }) =>
      `https://twitter.com/intent/tweet${query({ url, text: title, hashtags: TWITTER_HASHTAGS, related: TWITTER_RELATED })}`,
  },
  { name: 'LinkedIn', href: ({ url }) => `https://www.linkedin.com/sharing/share-offsite/${query({ url })}` },
  {
    name: 'Pinterest',
    href: ({ url, title, media }) =>
      `https://pinterest.com/pin/create/button/${query({ url, media, description: title })}`,
  },
  { name: 'Reddit', href: ({ url, title }) => `https://www.reddit.com/submit${query({ url, title })}` },
  { name: 'Telegram', href: ({ url, title }) => `https://t.me/share/url${query({ url, text: title })}` },
  { name: 'WhatsApp', href: ({ url, title }) => `https://api.whatsapp.com/send${query({ text: `${title} ${url}` })}` },
  { name: 'Email', href: ({ url, title }) => `mailto:${query({ subject: title, body: url })}` },
];
