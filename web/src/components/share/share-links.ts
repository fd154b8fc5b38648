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

export type SocialNetwork = { name: string; href: (url: string, title: string) => string };

const e = encodeURIComponent;

export const SOCIAL_NETWORKS: SocialNetwork[] = [
  { name: 'Facebook', href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
  {
    name: 'X (Twitter)',
    href: (url, title) =>
      `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(title)}&hashtags=${e(['cuview', 'music'].join(','))}`,
  },
  { name: 'LinkedIn', href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}` },
  {
    name: 'Pinterest',
    href: (url, title) => `https://pinterest.com/pin/create/button/?url=${e(url)}&description=${e(title)}`,
  },
  { name: 'Reddit', href: (url, title) => `https://www.reddit.com/submit?url=${e(url)}&title=${e(title)}` },
  { name: 'Telegram', href: (url, title) => `https://t.me/share/url?url=${e(url)}&text=${e(title)}` },
  { name: 'WhatsApp', href: (url, title) => `https://api.whatsapp.com/send?text=${e(`${title} ${url}`)}` },
  { name: 'Email', href: (url, title) => `mailto:?subject=${e(title)}&body=${e(url)}` },
];
