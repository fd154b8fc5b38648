/**
 * Embedded sources of spec viewer §1. react-player (v3) plays YouTube, Vimeo, Wistia, Twitch,
 * Mux, Spotify, TikTok and plain files; the providers it no longer covers are embedded with
 * their own public iframe players, built here.
 */
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

const PROVIDERS: [RegExp, string][] = [
  [/youtube\.com|youtu\.be/, 'YouTube'],
  [/vimeo\.com/, 'Vimeo'],
  [/twitch\.tv/, 'Twitch'],
  [/dailymotion\.com|dai\.ly/, 'DailyMotion'],
  [/wistia\.(com|net)|wi\.st/, 'Wistia'],
  [/vidyard\.com/, 'Vidyard'],
  [/kaltura\.com/, 'Kaltura'],
  [/mixcloud\.com/, 'Mixcloud'],
  [/streamable\.com/, 'Streamable'],
  [/facebook\.com|fb\.watch/, 'Facebook'],
  [/soundcloud\.com/, 'SoundCloud'],
];

/** The name of the service an external link plays from ("a file" for a plain media file). */
export function embedProvider(url: string): string {
  return PROVIDERS.find(([pattern]) => pattern.test(url))?.[1] ?? 'a file';
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
