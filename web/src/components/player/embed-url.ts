/**
 * Embedded sources of spec viewer §1. react-player (v3) plays YouTube, Vimeo, Wistia, Twitch,
 * Mux, Spotify, TikTok and plain files; the providers it no longer covers are embedded with
 * their own public iframe players, built here.
 */
import { API_BASE } from '@/lib/api/client';

export function iframeEmbedUrl(url: string): string | null {
  let m: RegExpMatchArray | null;
  if ((m = url.match(/dailymotion\.com\/(?:embed\/)?video\/([a-zA-Z0-9]+)|dai\.ly\/([a-zA-Z0-9]+)/)))
    return `https://www.dailymotion.com/embed/video/${m[1] ?? m[2]}`;
  if ((m = url.match(/streamable\.com\/(?:[eo]\/)?([a-zA-Z0-9]+)/))) return `https://streamable.com/e/${m[1]}`;
  if ((m = url.match(/(?:play|embed|share)\.vidyard\.com\/(?:watch\/)?([a-zA-Z0-9_-]+)/)))
    return `https://play.vidyard.com/${m[1]}`;
  if (/(?:facebook\.com|fb\.watch)\//.test(url))
    return `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false`;
  if (/soundcloud\.com\//.test(url))
    return `https://w.soundcloud.com/player/?url=${encodeURIComponent(url)}&auto_play=true`;
  if ((m = url.match(/mixcloud\.com(\/[^?#]+)/)))
    return `https://www.mixcloud.com/widget/iframe/?feed=${encodeURIComponent(m[1]!)}&autoplay=1`;
  // Kaltura links are already player addresses (…/embedIframeJs/… or …/p/{partner}/…).
  if (/kaltura\.com\//.test(url)) return url;
  return null;
}

/** The embedded services of spec viewer §1, in the spec's order, each with its link's hosts. */
const PROVIDERS: [RegExp, string][] = [
  [/twitch\.tv/, 'Twitch'],
  [/vimeo\.com/, 'Vimeo'],
  [/dailymotion\.com|dai\.ly/, 'DailyMotion'],
  [/wistia\.(com|net)|wi\.st/, 'Wistia'],
  [/vidyard\.com/, 'Vidyard'],
  [/youtube\.com|youtu\.be/, 'YouTube'],
  [/kaltura\.com/, 'Kaltura'],
  [/mixcloud\.com/, 'Mixcloud'],
  [/streamable\.com/, 'Streamable'],
  [/facebook\.com|fb\.watch/, 'Facebook'],
  [/soundcloud\.com/, 'SoundCloud'],
];

/** The services an external link may play from, for labels and messages. */
export const EMBED_SERVICES: readonly string[] = PROVIDERS.map(([, name]) => name);

/** A plain media file the player plays itself (react-player's file, HLS and DASH patterns). */
const MEDIA_FILE = /\.(mp4|m4v|mov|webm|og[gv]|oga|spx|mp3|mp2|mpga|m4a|m4b|aac|wav|weba|m3u8|mpd)$/i;

function serviceOf(text: string): string | undefined {
  return PROVIDERS.find(([pattern]) => pattern.test(text))?.[1];
}

/** The name of the service an external link plays from ("a file" for a plain media file). */
export function embedProvider(url: string): string {
  return serviceOf(url) ?? 'a file';
}

/**
 * What an external link would play from: a service's name, "a file" for an http(s) address of
 * a plain video or audio file (or a `/cuviewTV/media/` address of this site), or null when the player cannot play it (not http(s), or a page
 * of another site). The service is read from the link's host and path only, so a query that
 * names one does not count.
 */
export function embedSource(url: string): string | null {
  const text = url.trim();
  // A file this site serves (the api accepts `/cuviewTV/media/…` and nothing else relative).
  if (text.startsWith(`${API_BASE}media/`) && !/\/\.\.(\/|$)|\s/.test(text)) {
    return MEDIA_FILE.test(new URL(text, 'http://this.site').pathname) ? 'a file' : null;
  }
  let link: URL;
  try {
    link = new URL(text);
  } catch {
    return null;
  }
  if (link.protocol !== 'https:' && link.protocol !== 'http:') return null;
  const service = serviceOf(`${link.hostname}${link.pathname}`);
  if (service) return service;
  return MEDIA_FILE.test(link.pathname) ? 'a file' : null;
}

/**
 * Whether a promise rejection is a player SDK's script that failed to load (offline, or the
 * provider blocked). react-player's YouTube element loads the iframe API with a promise that
 * rejects with the script's error Event and nobody catches it: left alone it would surface as
 * an uncaught page error "Event".
 */
export function isScriptLoadFailure(reason: unknown): boolean {
  return (
    typeof Event !== 'undefined' &&
    reason instanceof Event &&
    reason.type === 'error' &&
    typeof HTMLScriptElement !== 'undefined' &&
    reason.target instanceof HTMLScriptElement
  );
}
