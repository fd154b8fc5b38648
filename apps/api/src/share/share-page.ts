/** What a shared link previews (DESIGN.md §2.13). */
export interface SharePreview {
  title: string;
  description: string;
  /** Absolute URLs. */
  pageUrl: string;
  playerUrl: string;
  imageUrl: string;
  /** The HLS master playlist, when the video has its own stream. */
  streamUrl: string | null;
}

const SITE = 'CUVIEW TV';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The share page: Open Graph and Twitter card tags for social previews, then a meta refresh
 * that sends a person on to the player. No inline script (the CSP forbids it) and every
 * value escaped, as titles come from the catalogue.
 */
export function renderSharePage(preview: SharePreview): string {
  const e = escapeHtml;
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${e(value)}">`;
  const tags = [
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.pageUrl),
    meta('property', 'og:image', preview.imageUrl),
    meta('property', 'og:image:width', '600'),
    ...(preview.streamUrl
      ? [meta('property', 'og:video', preview.streamUrl), meta('property', 'og:video:type', 'application/x-mpegURL')]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.imageUrl),
    meta('name', 'description', preview.description),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${e(preview.title)} | ${SITE}</title>
${tags.join('\n')}
<link rel="canonical" href="${e(preview.playerUrl)}">
<meta http-equiv="refresh" content="0; url=${e(preview.playerUrl)}">
</head>
<body>
<p><a href="${e(preview.playerUrl)}">Watch ${e(preview.title)} on ${SITE}</a></p>
</body>
</html>
`;
}
