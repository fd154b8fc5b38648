import sharp from 'sharp';
import type { Scene } from './catalogue.js';

/**
 * Pictures of the demo, drawn as SVG scenes and rendered by sharp: album art (a scene per
 * album's style, with its title set small as on a sleeve), artist photos, genre and category
 * pictures, playlist collages of their videos' album art, and posters of the embedded items.
 */

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

/** A hash of the text, so each picture's details differ but stay the same between runs. */
export function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/** The scene's drawing on a 600 x 600 canvas; `seed` varies stars, windows, waves and hues. */
export function sceneSvg(scene: Scene, seed: number): string {
  const r = random(seed);
  const n = (lo: number, hi: number) => lo + r() * (hi - lo);
  const hue = Math.floor(n(0, 40)) - 20;
  const grad = (id: string, stops: string[], vertical = true) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
      .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
      .join('')}</linearGradient>`;
  const stars = (count: number, maxY: number) =>
    Array.from(
      { length: count },
      () =>
        `<circle cx="${n(0, 600)}" cy="${n(0, maxY)}" r="${n(0.6, 2.2)}" fill="#fff" fill-opacity="${n(0.3, 0.9)}"/>`,
    ).join('');
  let body: string;
  switch (scene) {
    case 'sunset': {
      // Synthwave: a striped sun over a perspective grid.
      const lines = Array.from(
        { length: 11 },
        (_, i) => `<line x1="${300 + (i - 5) * 40}" y1="380" x2="${300 + (i - 5) * 260}" y2="600"/>`,
      ).join('');
      const rows = Array.from(
        { length: 7 },
        (_, i) =>
          `<line x1="0" x2="600" y1="${380 + Math.pow(i / 6, 2) * 220}" y2="${380 + Math.pow(i / 6, 2) * 220}"/>`,
      ).join('');
      const cuts = Array.from(
        { length: 6 },
        (_, i) => `<rect x="0" y="${300 + i * 14}" width="600" height="${3 + i * 1.6}" fill="#1a0633"/>`,
      ).join('');
      body = `<defs>${grad('sky', ['#1a0633', '#5b1a6e', '#ff2a6d'])}${grad('sun', ['#ffe66d', '#ff7b00', '#ff2a6d'])}</defs>
        <rect width="600" height="380" fill="url(#sky)"/>${stars(60, 250)}
        <circle cx="${n(260, 340)}" cy="300" r="${n(120, 150)}" fill="url(#sun)"/>${cuts}
        <rect y="380" width="600" height="220" fill="#12002b"/>
        <g stroke="#05d9e8" stroke-width="2" stroke-opacity="0.85">${lines}${rows}</g>
        <path d="M0 380 L90 330 L160 360 L250 310 L330 370 L420 320 L520 350 L600 315 L600 380 Z" fill="#2b0845"/>`;
      break;
    }
    case 'harbour': {
      const waves = Array.from({ length: 9 }, (_, i) => {
        const y = 400 + i * 24;
        return `<path d="M0 ${y} q37 -10 75 0 t75 0 t75 0 t75 0 t75 0 t75 0 t75 0 t75 0" stroke="#fff" stroke-opacity="${0.1 + i * 0.04}" stroke-width="3" fill="none"/>`;
      }).join('');
      const lx = n(380, 470);
      body = `<defs>${grad('sky', ['#2a4d69', '#f4a261', '#f6d6ad'])}${grad('sea', ['#264653', '#10242b'])}
          <radialGradient id="beam" cx="0" cy="0.5" r="1"><stop offset="0" stop-color="#fff6c7" stop-opacity="0.8"/><stop offset="1" stop-color="#fff6c7" stop-opacity="0"/></radialGradient></defs>
        <rect width="600" height="400" fill="url(#sky)"/>
        <circle cx="${n(120, 220)}" cy="360" r="60" fill="#ffd8a8" fill-opacity="0.9"/>
        <rect y="395" width="600" height="205" fill="url(#sea)"/>${waves}
        <path d="M${lx - 140} 400 L${lx} 230 L${lx} 270 Z" fill="url(#beam)"/>
        <polygon points="${lx - 22},400 ${lx + 22},400 ${lx + 12},240 ${lx - 12},240" fill="#f1faee"/>
        <rect x="${lx - 14}" y="280" width="28" height="22" fill="#e63946"/><rect x="${lx - 14}" y="330" width="28" height="22" fill="#e63946"/>
        <rect x="${lx - 16}" y="222" width="32" height="20" fill="#ffd166"/><polygon points="${lx - 20},222 ${lx + 20},222 ${lx},200" fill="#1d3557"/>
        <path d="M${n(60, 160)} 450 l60 0 l-10 14 l-42 0 z M${n(60, 160) + 28} 450 l0 -44 l24 40 z" fill="#1d3557" fill-opacity="0.8"/>`;
      break;
    }
    case 'circuit': {
      const traces = Array.from({ length: 26 }, () => {
        const x = Math.round(n(0, 12)) * 50;
        const y = Math.round(n(0, 12)) * 50;
        const dx = (r() < 0.5 ? -1 : 1) * Math.round(n(1, 4)) * 50;
        const dy = (r() < 0.5 ? -1 : 1) * Math.round(n(1, 4)) * 50;
        return `<path d="M${x} ${y} h${dx} v${dy}" /><circle cx="${x + dx}" cy="${y + dy}" r="7" fill="#00f5d4" stroke="none"/>`;
      }).join('');
      body = `<defs><radialGradient id="glow" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#7b2cbf"/><stop offset="1" stop-color="#0b0221"/></radialGradient>
          <filter id="blur"><feGaussianBlur stdDeviation="4"/></filter></defs>
        <rect width="600" height="600" fill="url(#glow)"/>
        <g stroke="#00f5d4" stroke-width="4" fill="none" filter="url(#blur)" opacity="0.8">${traces}</g>
        <g stroke="#b8fff3" stroke-width="2" fill="none">${traces}</g>
        <rect x="220" y="220" width="160" height="160" rx="14" fill="#140033" stroke="#f72585" stroke-width="6"/>
        <g fill="#f72585">${Array.from({ length: 6 }, (_, i) => `<rect x="${235 + i * 24}" y="200" width="10" height="20"/><rect x="${235 + i * 24}" y="380" width="10" height="20"/>`).join('')}</g>
        <circle cx="300" cy="300" r="${n(30, 50)}" fill="#00f5d4" fill-opacity="0.85"/>`;
      break;
    }
    case 'skyline': {
      let x = -10;
      const buildings: string[] = [];
      while (x < 600) {
        const w = n(40, 90);
        const h = n(120, 330);
        buildings.push(`<rect x="${x}" y="${600 - h}" width="${w}" height="${h}" fill="#0b132b"/>`);
        for (let wy = 600 - h + 12; wy < 590; wy += 18)
          for (let wx = x + 8; wx < x + w - 10; wx += 14)
            if (r() < 0.35)
              buildings.push(
                `<rect x="${wx}" y="${wy}" width="6" height="9" fill="#e9c46a" fill-opacity="${n(0.5, 1)}"/>`,
              );
        x += w + n(2, 10);
      }
      body = `<defs>${grad('sky', ['#0d1b2a', '#1d3557', '#457b9d'])}</defs>
        <rect width="600" height="600" fill="url(#sky)"/>${stars(80, 300)}
        <circle cx="${n(380, 500)}" cy="${n(90, 150)}" r="46" fill="#f1faee"/><circle cx="${n(400, 520)}" cy="${n(80, 140)}" r="42" fill="#1d3557" fill-opacity="0.9"/>
        ${buildings.join('')}`;
      break;
    }
    case 'storm': {
      const bolt = (x0: number) => {
        let x = x0;
        let d = `M${x} 0`;
        for (let y = 40; y <= 460; y += 40) {
          x += n(-40, 40);
          d += ` L${x} ${y}`;
        }
        return d;
      };
      const flames = Array.from(
        { length: 14 },
        (_, i) =>
          `<path d="M${i * 45 - 10} 600 Q${i * 45 + 12} ${n(380, 470)} ${i * 45 + 35} 600 Z" fill="${i % 2 ? '#ff7b00' : '#ffba08'}" fill-opacity="0.9"/>`,
      ).join('');
      body = `<defs>${grad('sky', ['#03071e', '#370617', '#9d0208'])}<filter id="glow"><feGaussianBlur stdDeviation="8"/></filter>
          <filter id="clouds"><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="3" seed="${seed % 100}"/><feColorMatrix values="0 0 0 0 0.15  0 0 0 0 0.02  0 0 0 0 0.05  0 0 0 1.3 -0.35"/></filter></defs>
        <rect width="600" height="600" fill="url(#sky)"/><rect width="600" height="600" filter="url(#clouds)"/>
        <g fill="none" stroke-linejoin="round"><path d="${bolt(n(220, 380))}" stroke="#ffba08" stroke-width="18" filter="url(#glow)"/><path d="${bolt(n(220, 380))}" stroke="#fff3b0" stroke-width="6"/></g>
        ${flames}<path d="M0 600 L0 560 Q300 520 600 560 L600 600 Z" fill="#03071e"/>`;
      break;
    }
    case 'hall': {
      const arches = Array.from(
        { length: 5 },
        (_, i) =>
          `<path d="M${30 + i * 115} 460 v-200 a45 45 0 0 1 90 0 v200" fill="#3d2c3e" stroke="#eaac8b" stroke-width="3"/>`,
      ).join('');
      const pipes = Array.from({ length: 21 }, (_, i) => {
        const h = 120 + 60 * Math.sin((i / 20) * Math.PI) + n(0, 10);
        return `<rect x="${140 + i * 15}" y="${210 - h}" width="10" height="${h}" rx="4" fill="#d4a373"/>`;
      }).join('');
      const keys = Array.from(
        { length: 30 },
        (_, i) =>
          `<rect x="${i * 20}" y="520" width="19" height="80" fill="#fdf6e3"/>${i % 7 !== 2 && i % 7 !== 6 ? `<rect x="${i * 20 + 13}" y="520" width="12" height="48" fill="#111"/>` : ''}`,
      ).join('');
      body = `<defs>${grad('wall', ['#6d597a', '#2b2d42'])}<radialGradient id="light" cx="0.5" cy="0.2" r="0.7"><stop offset="0" stop-color="#ffe8d6" stop-opacity="0.65"/><stop offset="1" stop-color="#ffe8d6" stop-opacity="0"/></radialGradient></defs>
        <rect width="600" height="600" fill="url(#wall)"/>${pipes}${arches}
        <rect width="600" height="600" fill="url(#light)"/><rect y="460" width="600" height="60" fill="#2b2d42"/>${keys}`;
      break;
    }
    case 'tropics': {
      const palm = (x: number, h: number, flip: number) => {
        const top = `${x + flip * 30} ${600 - h}`;
        const leaves = Array.from({ length: 6 }, (_, i) => {
          const a = (i / 5) * Math.PI + Math.PI;
          return `<path d="M${top} q${Math.cos(a) * 60} ${Math.sin(a) * 60 - 10} ${Math.cos(a) * 110} ${Math.sin(a) * 40 + 50}" stroke="#073b4c" stroke-width="14" fill="none" stroke-linecap="round"/>`;
        }).join('');
        return `<path d="M${x} 600 Q${x + flip * 10} ${600 - h / 2} ${top}" stroke="#073b4c" stroke-width="16" fill="none"/>${leaves}`;
      };
      const stripes = Array.from(
        { length: 8 },
        (_, i) => `<rect y="${430 + i * 22}" width="600" height="6" fill="#fff" fill-opacity="${0.08 + i * 0.02}"/>`,
      ).join('');
      body = `<defs>${grad('sky', ['#ff9f1c', '#ffbf69', '#ffd166'])}${grad('sea', ['#06d6a0', '#118ab2'])}</defs>
        <rect width="600" height="430" fill="url(#sky)"/><circle cx="${n(250, 350)}" cy="420" r="${n(90, 120)}" fill="#ef476f" fill-opacity="0.85"/>
        <rect y="420" width="600" height="180" fill="url(#sea)"/>${stripes}
        ${palm(n(60, 110), n(330, 400), 1)}${palm(n(470, 540), n(280, 350), -1)}
        <path d="M0 600 Q150 540 300 600 Z" fill="#f4d35e"/>`;
      break;
    }
    case 'street': {
      const bricks = Array.from({ length: 20 }, (_, row) =>
        Array.from(
          { length: 9 },
          (_, col) =>
            `<rect x="${col * 70 - (row % 2) * 35}" y="${row * 30}" width="66" height="26" fill="#8d3b2a" fill-opacity="${n(0.6, 1)}"/>`,
        ).join(''),
      ).join('');
      const splash = Array.from(
        { length: 5 },
        () =>
          `<circle cx="${n(60, 540)}" cy="${n(60, 300)}" r="${n(30, 90)}" fill="${['#fb5607', '#3a86ff', '#ffbe0b', '#ff006e', '#8338ec'][Math.floor(n(0, 5))]}" fill-opacity="0.75"/>`,
      ).join('');
      body = `<rect width="600" height="600" fill="#3d1a12"/>${bricks}${splash}
        <rect x="110" y="330" width="380" height="200" rx="24" fill="#14213d"/><rect x="130" y="350" width="340" height="40" rx="8" fill="#fca311"/>
        <circle cx="205" cy="455" r="58" fill="#000"/><circle cx="205" cy="455" r="40" fill="#333"/><circle cx="205" cy="455" r="12" fill="#e5e5e5"/>
        <circle cx="395" cy="455" r="58" fill="#000"/><circle cx="395" cy="455" r="40" fill="#333"/><circle cx="395" cy="455" r="12" fill="#e5e5e5"/>
        <rect x="270" y="410" width="60" height="30" rx="4" fill="#e5e5e5"/><path d="M180 330 q120 -70 240 0" stroke="#e5e5e5" stroke-width="10" fill="none"/>`;
      break;
    }
  }
  return `<g filter="url(#hue)">${body}</g><defs><filter id="hue"><feColorMatrix type="hueRotate" values="${hue}"/></filter></defs>`;
}

const svgDoc = (width: number, height: number, inner: string, viewBox = '0 0 600 600') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${inner}</svg>`;

/** A scene alone (genre and category pictures), JPEG. */
export async function scenePicture(scene: Scene, seed: number, size = 600): Promise<Buffer> {
  return sharp(Buffer.from(svgDoc(size, size, sceneSvg(scene, seed))))
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** Album art: the album's scene with its title and artist set small, as on a sleeve. */
export async function albumCover(scene: Scene, title: string, artist: string, size = 600): Promise<Buffer> {
  const lines = wrap(title.toUpperCase(), 22);
  const text = lines
    .map(
      (line, i) =>
        `<text x="36" y="${58 + i * 34}" font-size="30" font-weight="bold" letter-spacing="3">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = svgDoc(
    size,
    size,
    `${sceneSvg(scene, hashOf(title))}
     <rect width="600" height="${80 + lines.length * 34}" fill="#000" fill-opacity="0.28"/>
     <g font-family="${FONT}" fill="#fff">${text}<text x="36" y="${62 + lines.length * 34}" font-size="20" fill-opacity="0.85">${escapeXml(artist)}</text></g>`,
  );
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** An artist photo: a silhouette under a spotlight in their album's scene. */
export async function artistPhoto(scene: Scene, name: string, size = 600): Promise<Buffer> {
  const h = hashOf(name);
  const x = 240 + (h % 120);
  const svg = svgDoc(
    size,
    size,
    `${sceneSvg(scene, h)}
     <defs><radialGradient id="spot" cx="${x / 600}" cy="0.45" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs>
     <rect width="600" height="600" fill="url(#spot)"/>
     <g fill="#0a0a12"><circle cx="${x}" cy="300" r="62"/><path d="M${x - 150} 600 Q${x - 140} 400 ${x} 390 Q${x + 140} 400 ${x + 150} 600 Z"/></g>`,
  );
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/** A playlist cover: the album art of its first videos, two by two (one alone fills it). */
export async function collage(covers: Buffer[], size = 600): Promise<Buffer> {
  const tiles = covers.slice(0, 4);
  if (tiles.length < 4) return sharp(tiles[0]!).resize(size, size).jpeg({ quality: 86 }).toBuffer();
  const half = size / 2;
  const parts = await Promise.all(tiles.map((c) => sharp(c).resize(half, half).toBuffer()));
  return sharp({ create: { width: size, height: size, channels: 3, background: '#000' } })
    .composite(parts.map((input, i) => ({ input, left: (i % 2) * half, top: Math.floor(i / 2) * half })))
    .jpeg({ quality: 86 })
    .toBuffer();
}

const PROVIDER_COLOURS: Record<string, string> = {
  YouTube: '#ff0000',
  Vimeo: '#1ab7ea',
  Twitch: '#9146ff',
  DailyMotion: '#0066dc',
  Wistia: '#54bbff',
  Vidyard: '#3ac38e',
  Kaltura: '#006efa',
  Mixcloud: '#5000ff',
  Streamable: '#0f90fa',
  Facebook: '#1877f2',
  SoundCloud: '#ff5500',
  File: '#444',
};

/** A 16:9 poster for an embedded item: its scene, a play button in the provider's colour, the source named. */
export async function embedPoster(scene: Scene, title: string, provider: string, width = 1280): Promise<Buffer> {
  const colour = PROVIDER_COLOURS[provider] ?? '#444';
  const label = provider === 'File' ? 'MP4 FILE' : provider.toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(width * 9) / 16}" viewBox="0 0 1280 720">
    <svg width="1280" height="720" viewBox="0 0 600 600" preserveAspectRatio="xMidYMid slice">${sceneSvg(scene, hashOf(title))}</svg>
    <rect y="520" width="1280" height="200" fill="#000" fill-opacity="0.45"/>
    <rect x="560" y="250" width="160" height="112" rx="28" fill="${colour}"/><polygon points="620,276 620,336 672,306" fill="#fff"/>
    <g font-family="${FONT}" fill="#fff"><text x="60" y="600" font-size="46" font-weight="bold">${escapeXml(title)}</text>
    <text x="60" y="660" font-size="28" fill-opacity="0.85" letter-spacing="4">${escapeXml(label)}</text></g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/** The backdrop of a "live" video: a stage with lights; the crowd is a separate layer in front. */
export async function stageBackdrop(width: number, height: number, tint: string): Promise<Buffer> {
  const beams = Array.from(
    { length: 6 },
    (_, i) =>
      `<polygon points="${100 + i * 80},0 ${60 + i * 80 - 120},600 ${140 + i * 80 + 120},600" fill="${i % 2 ? tint : '#ffffff'}" fill-opacity="0.12"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 640 360" preserveAspectRatio="none">
    <rect width="640" height="360" fill="#07070d"/>${beams}
    <rect x="0" y="18" width="640" height="10" fill="#333"/>${Array.from({ length: 9 }, (_, i) => `<circle cx="${40 + i * 70}" cy="34" r="9" fill="${tint}"/>`).join('')}
    <rect x="0" y="250" width="640" height="110" fill="#111119"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The crowd in front of the stage: heads and raised hands, transparent above them. */
export async function crowdLayer(width: number, height: number, seed: number): Promise<Buffer> {
  const r = random(seed);
  const heads = Array.from({ length: 26 }, (_, i) => {
    const x = i * 26 + r() * 14;
    const y = 318 + r() * 20;
    const hand =
      r() < 0.3
        ? `<rect x="${x + 8}" y="${y - 70}" width="8" height="60" rx="4"/><circle cx="${x + 12}" cy="${y - 72}" r="8"/>`
        : '';
    return `<circle cx="${x}" cy="${y}" r="17"/><rect x="${x - 22}" y="${y + 10}" width="44" height="60" rx="16"/>${hand}`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 640 360" preserveAspectRatio="none"><g fill="#000">${heads}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
