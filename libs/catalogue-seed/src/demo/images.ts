import sharp from 'sharp';
import type { DemoCategory } from './catalogue.js';

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Greedy word wrap by character count (the font is roughly monospaced at this size). */
export function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A hash of the title, so each card's decoration differs but stays the same between runs. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * A square cover (album, playlist, genre, member): a two-colour gradient, soft circles and
 * the title, rendered from SVG by sharp. JPEG, as an uploaded photo would be.
 */
export async function coverImage(
  title: string,
  subtitle: string,
  palette: [string, string],
  size = 600,
): Promise<Buffer> {
  const h = hashOf(title);
  const circles = [0, 1, 2]
    .map((i) => {
      const cx = (h >> (i * 7)) % size;
      const cy = (h >> (i * 5 + 3)) % size;
      const r = size * (0.15 + ((h >> (i * 3)) % 25) / 100);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${0.08 + i * 0.04}"/>`;
    })
    .join('');
  const fontSize = Math.round(size / 10);
  const lines = wrap(title, 16);
  const top = size - size / 12 - fontSize * 0.6 - (lines.length - 1) * fontSize * 1.1 - (subtitle ? fontSize : 0);
  const text = lines
    .map(
      (line, i) =>
        `<text x="${size / 15}" y="${top + i * fontSize * 1.1}" font-size="${fontSize}" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  const sub = subtitle
    ? `<text x="${size / 15}" y="${size - size / 12}" font-size="${Math.round(fontSize * 0.45)}" fill-opacity="0.85">${escapeXml(subtitle)}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>
    </linearGradient></defs>
    <rect width="${size}" height="${size}" fill="url(#g)"/>${circles}
    <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#fff">${text}${sub}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

const GLYPHS: Record<DemoCategory['icon'], string> = {
  wave: '<path d="M60 330 q60 -80 120 0 t120 0 t120 0 t120 0" stroke="#fff" stroke-width="34" fill="none" stroke-linecap="round"/><path d="M60 430 q60 -80 120 0 t120 0 t120 0 t120 0" stroke="#fff" stroke-opacity="0.6" stroke-width="34" fill="none" stroke-linecap="round"/>',
  star: '<polygon points="300,90 362,230 515,240 398,340 435,490 300,410 165,490 202,340 85,240 238,230" fill="#fff"/>',
  bolt: '<polygon points="330,70 150,340 285,340 250,530 450,240 315,240" fill="#fff"/>',
  disc: '<circle cx="300" cy="300" r="210" fill="#fff"/><circle cx="300" cy="300" r="150" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="6"/><circle cx="300" cy="300" r="55" fill="#000" fill-opacity="0.55"/>',
  sun: '<circle cx="300" cy="300" r="120" fill="#fff"/><g stroke="#fff" stroke-width="30" stroke-linecap="round"><line x1="300" y1="60" x2="300" y2="130"/><line x1="300" y1="470" x2="300" y2="540"/><line x1="60" y1="300" x2="130" y2="300"/><line x1="470" y1="300" x2="540" y2="300"/><line x1="130" y1="130" x2="180" y2="180"/><line x1="420" y1="420" x2="470" y2="470"/><line x1="130" y1="470" x2="180" y2="420"/><line x1="420" y1="180" x2="470" y2="130"/></g>',
  mic: '<rect x="230" y="70" width="140" height="250" rx="70" fill="#fff"/><path d="M170 270 v30 a130 130 0 0 0 260 0 v-30" stroke="#fff" stroke-width="30" fill="none"/><line x1="300" y1="430" x2="300" y2="520" stroke="#fff" stroke-width="30"/><line x1="210" y1="525" x2="390" y2="525" stroke="#fff" stroke-width="30" stroke-linecap="round"/>',
};

/** A category icon: a white glyph on a gradient tile, PNG. */
export async function iconImage(icon: DemoCategory['icon'], palette: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>
    </linearGradient></defs>
    <rect width="600" height="600" rx="96" fill="url(#g)"/>${GLYPHS[icon]}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
