import { DEFAULT_IDS, Status } from '@app/contracts';
import type { StyleName } from './compose.js';

/**
 * The demo catalogue as data: eight albums by fictional artists in eight styles (compose.ts),
 * the lookups the filters need, a video for every album track plus multi-track sets, one
 * embedded item per source kind of the spec, playlists, themes, banners and categories,
 * including every id the spec uses as a default (DESIGN.md §2.10). Accented and hyphenated
 * names are on purpose: search ignores accents and punctuation, and the demo should show it.
 */

export interface DemoTrack {
  title: string;
  /** Credit as written in the file's artist tag ("A feat. B"). */
  artist: string;
  composers: string[];
  mood: string;
  /** Seed of the composed song. */
  seed: number;
  /** Lines of the lyric video (a lyric-style card each). */
  lyrics: string[];
}

/** What the album art and the videos of an album look like. */
export type Scene = 'sunset' | 'harbour' | 'circuit' | 'skyline' | 'storm' | 'hall' | 'tropics' | 'street';

export interface DemoAlbum {
  title: string;
  albumArtist: string;
  /** Written to the files' CATALOGNUMBER tag; null leaves it out so the importer derives one. */
  catalogueNum: string | null;
  genre: string;
  style: StyleName;
  scene: Scene;
  year: number;
  /** mp3 (ID3 tags) or m4a (AAC in MP4, iTunes tags). */
  format: 'mp3' | 'm4a';
  palette: [string, string];
  tracks: DemoTrack[];
}

const track = (
  title: string,
  artist: string,
  composers: string[],
  mood: string,
  seed: number,
  lyrics: string[],
): DemoTrack => ({ title, artist, composers, mood, seed, lyrics });

export const ALBUMS: DemoAlbum[] = [
  {
    title: 'Neon Avenue',
    albumArtist: 'The Lanterns',
    catalogueNum: 'CUV-1001',
    genre: 'Synthpop',
    style: 'synthpop',
    scene: 'sunset',
    year: 2021,
    format: 'mp3',
    palette: ['#ff2a6d', '#05d9e8'],
    tracks: [
      track('Night Drive', 'The Lanterns', ['Anders Holm'], 'Energetic', 1101, [
        'Headlights on the coastal road',
        'Radio low, the city glows',
        'We drive until the night lets go',
      ]),
      track('City of Glass', 'The Lanterns feat. Mira Vale', ['Anders Holm', 'Mira Vale'], 'Dreamy', 1102, [
        'Every window holds a star',
        'Walls of light, we wander far',
        'In a city made of glass',
      ]),
      track('Afterglow', 'The Lanterns', ['Anders Holm'], 'Romantic', 1103, [
        'When the music fades to gold',
        'Hold the warmth the evening holds',
        'Stay with me in the afterglow',
      ]),
      track('Signal Lost', 'The Lanterns', ['Anders Holm', 'Kai Nakamura'], 'Dark', 1104, [
        'Static on the midnight line',
        'A voice from somewhere out of time',
        'Signal lost, but you are mine',
      ]),
      track('Chrome Hearts', 'The Lanterns', ['Anders Holm'], 'Happy', 1105, [
        'Summer on the boulevard',
        'Chrome hearts shining in the car',
        'Turn it up, we are who we are',
      ]),
    ],
  },
  {
    title: 'Harbour Lights',
    albumArtist: 'Mira Vale',
    catalogueNum: 'CUV-1002',
    genre: 'Indie Folk',
    style: 'folk',
    scene: 'harbour',
    year: 2019,
    format: 'mp3',
    palette: ['#f4a261', '#264653'],
    tracks: [
      track('Paper Boats', 'Mira Vale', ['Mira Vale'], 'Calm', 1201, [
        'Folding wishes into boats',
        'Sending them where the river goes',
        'One will find you, I suppose',
      ]),
      track('Salt and Rope', 'Mira Vale', ['Mira Vale', 'Jonas Weir'], 'Melancholic', 1202, [
        'Hands of salt and hands of rope',
        'Mending nets and mending hope',
        'The tide is slow, the tide is slow',
      ]),
      track('Lighthouse Keeper', 'Mira Vale feat. June Harlow', ['Mira Vale'], 'Uplifting', 1203, [
        'Keeper of the last light',
        'Turn the lamp against the night',
        'Bring the sailors home tonight',
      ]),
      track('Low Tide', 'Mira Vale', ['Jonas Weir'], 'Calm', 1204, [
        'Footprints on the open sand',
        'Shells and stories in my hand',
        'Low tide, we can understand',
      ]),
      track('North Wind', 'Mira Vale', ['Mira Vale', 'Jonas Weir'], 'Melancholic', 1205, [
        'North wind knocking at the door',
        'Carry me to the other shore',
        'I have been here once before',
      ]),
    ],
  },
  {
    title: 'Midnight Circuit',
    albumArtist: 'Kilowatt Kids',
    catalogueNum: 'CUV-1003',
    genre: 'Electronic',
    style: 'electronic',
    scene: 'circuit',
    year: 2022,
    format: 'mp3',
    palette: ['#7b2cbf', '#00f5d4'],
    tracks: [
      track('Voltage', 'Kilowatt Kids', ['Kai Nakamura'], 'Energetic', 1301, [
        'Plug me in and feel the charge',
        'Every beat a little large',
        'Voltage rising, take the floor',
      ]),
      track('Pixel Rain', 'Kilowatt Kids', ['Priya Raman'], 'Dreamy', 1302, [
        'Falling softly, pixel rain',
        'Colours running down the pane',
        'Reboot the heart and start again',
      ]),
      track('Overclock', 'Kilowatt Kids feat. DJ Oktav', ['Kai Nakamura', 'Priya Raman'], 'Energetic', 1303, [
        'Faster than the speed of sound',
        'Overclock and spin around',
        'Never coming back to ground',
      ]),
      track('Blue Screen Blues', 'Kilowatt Kids', ['Priya Raman'], 'Dark', 1304, [
        'Frozen frame and frozen face',
        'Lost my line and lost my place',
        'Blue screen blues in cyberspace',
      ]),
      track('Reboot', 'Kilowatt Kids', ['Kai Nakamura'], 'Uplifting', 1305, [
        'Power down and power up',
        'Fill the empty circuit cup',
        'Reboot, we never give it up',
      ]),
    ],
  },
  {
    title: 'Quiet Rooms',
    albumArtist: 'Elena Sorrel Quartet',
    catalogueNum: null,
    genre: 'Jazz',
    style: 'jazz',
    scene: 'skyline',
    year: 2018,
    format: 'm4a',
    palette: ['#1d3557', '#e9c46a'],
    tracks: [
      track('Blue Hour', 'Elena Sorrel Quartet', ['Elena Sorrel'], 'Romantic', 1401, [
        'Blue hour over Lisbon',
        'Streetlights humming one by one',
      ]),
      track('Rain on Tin', 'Elena Sorrel Quartet', ['Theo Brandt'], 'Calm', 1402, [
        'Rain on the tin roof',
        'Brushes on the snare',
      ]),
      track('Late Set', 'Elena Sorrel Quartet', ['Elena Sorrel', 'Theo Brandt'], 'Melancholic', 1403, [
        'Last set of the night',
        'Chairs up on the tables',
      ]),
      track('Coffee at Dawn', 'Elena Sorrel Quartet', ['Elena Sorrel'], 'Happy', 1404, [
        'Coffee at dawn',
        'A warm tune for the morning',
      ]),
      track('Brushes', 'Elena Sorrel Quartet', ['Theo Brandt'], 'Calm', 1405, [
        'Brushes, softly',
        'Sweeping the quiet room',
      ]),
    ],
  },
  {
    title: 'Corazón de Fuego',
    albumArtist: 'Los Relámpagos',
    catalogueNum: 'CUV-1005',
    genre: 'Rock',
    style: 'rock',
    scene: 'storm',
    year: 2023,
    format: 'mp3',
    palette: ['#d00000', '#ffba08'],
    tracks: [
      track('Señal de Humo', 'Los Relámpagos', ['Joaquín Ibáñez'], 'Energetic', 1501, [
        'Smoke signals over the hill',
        'Señal de humo, standing still',
        'Light it up, we always will',
      ]),
      track('Mañana Nunca', 'Los Relámpagos', ['Joaquín Ibáñez', 'Sofía Peña'], 'Dark', 1502, [
        'Mañana never comes too soon',
        'Howling at a borrowed moon',
        'Play it loud, we are out of tune',
      ]),
      track('Rayo Azul', 'Los Relámpagos feat. Renée Lacroix', ['Sofía Peña'], 'Energetic', 1503, [
        'Blue lightning cracks the sky',
        'Rayo azul, we learn to fly',
        'Never asking why',
      ]),
      track('El Último Tren', 'Los Relámpagos', ['Joaquín Ibáñez'], 'Melancholic', 1504, [
        'The last train leaves at nine',
        'Left my heart on the borderline',
        'El último tren, you were mine',
      ]),
      track('X-Ray Eyes', 'Los Relámpagos', ['Sofía Peña', 'Joaquín Ibáñez'], 'Happy', 1505, [
        'X-ray eyes see through the noise',
        'Turn it up, we make the choice',
        'Every heart a single voice',
      ]),
    ],
  },
  {
    title: 'Nocturnes pour Zoë',
    albumArtist: 'Orchestre Lumière',
    catalogueNum: 'CUV-1006',
    genre: 'Classical',
    style: 'classical',
    scene: 'hall',
    year: 2017,
    format: 'm4a',
    palette: ['#6d597a', '#eaac8b'],
    tracks: [
      track('Élégie', 'Orchestre Lumière', ['Anne-Sophie Müller'], 'Melancholic', 1601, [
        'Élégie, first movement',
        'Strings in D, slowly',
      ]),
      track('Pavane pour Zoë', 'Orchestre Lumière', ['Anne-Sophie Müller'], 'Romantic', 1602, [
        'Pavane pour Zoë',
        'A slow dance for a child',
      ]),
      track('Sérénade d’Hiver', 'Orchestre Lumière', ['Jean-Luc Dubois'], 'Calm', 1603, [
        'Winter serenade',
        'Snow on the conservatory roof',
      ]),
      track('Intermezzo Brillante', 'Orchestre Lumière', ['Jean-Luc Dubois', 'Anne-Sophie Müller'], 'Uplifting', 1604, [
        'Intermezzo',
        'Bright, with the whole orchestra',
      ]),
      track('Prélude à la Nuit', 'Orchestre Lumière', ['Anne-Sophie Müller'], 'Dreamy', 1605, [
        'Prélude to the night',
        'The hall goes dark',
      ]),
    ],
  },
  {
    title: 'Saudade Azul',
    albumArtist: 'Beatriz Araújo',
    catalogueNum: 'CUV-1007',
    genre: 'Bossa Nova',
    style: 'bossa',
    scene: 'tropics',
    year: 2020,
    format: 'mp3',
    palette: ['#06d6a0', '#ffd166'],
    tracks: [
      track('Café São João', 'Beatriz Araújo', ['Beatriz Araújo'], 'Happy', 1701, [
        'Morning at Café São João',
        'Sugar, steam and bossa nova',
        'Stay a little longer, amor',
      ]),
      track('Ondas de Março', 'Beatriz Araújo', ['Beatriz Araújo', 'Tomás Guimarães'], 'Calm', 1702, [
        'Waves of March come rolling in',
        'Salt and sun upon my skin',
        'Ondas de março, begin again',
      ]),
      track('Coração Leve', 'Beatriz Araújo feat. Renée Lacroix', ['Tomás Guimarães'], 'Romantic', 1703, [
        'Light heart, light feet',
        'Dancing down the cobbled street',
        'Coração leve, soft and sweet',
      ]),
      track('Ipanema às Seis', 'Beatriz Araújo', ['Beatriz Araújo'], 'Dreamy', 1704, [
        'Six o’clock and the sky is rose',
        'Ipanema, the evening goes',
        'Where it ends, nobody knows',
      ]),
      track('Maré Baixa', 'Beatriz Araújo', ['Tomás Guimarães'], 'Melancholic', 1705, [
        'Low tide, you are far away',
        'Saudade colours all my day',
        'Maré baixa, come back and stay',
      ]),
    ],
  },
  {
    title: 'Hi-Fi Lo-Fi',
    albumArtist: 'MC Renée',
    catalogueNum: 'CUV-1008',
    genre: 'Hip Hop',
    style: 'hiphop',
    scene: 'street',
    year: 2024,
    format: 'mp3',
    palette: ['#fb5607', '#3a86ff'],
    tracks: [
      track('Block-Party Déjà Vu', 'MC Renée', ['Renée Lacroix', 'Dante Okafor-Reyes'], 'Energetic', 1801, [
        'Block party, déjà vu',
        'Same old corner, something new',
        'Turn the speakers up for you',
      ]),
      track('Spider-Silk', 'MC Renée feat. DJ Oktav', ['Dante Okafor-Reyes'], 'Dark', 1802, [
        'Spinning rhymes like spider-silk',
        'Smooth as honey, smooth as milk',
        'Every line a thread I built',
      ]),
      track('Hi-Fi Lo-Fi', 'MC Renée', ['Renée Lacroix'], 'Calm', 1803, [
        'Hi-fi heart on a lo-fi tape',
        'Rewinding every great escape',
        'Dusty loops in every shape',
      ]),
      track('Uptown Rendez-vous', 'MC Renée', ['Renée Lacroix', 'Dante Okafor-Reyes'], 'Happy', 1804, [
        'Uptown rendez-vous at eight',
        'Fresh kicks, never late',
        'Meet me by the iron gate',
      ]),
      track('Naïve', 'MC Renée', ['Renée Lacroix'], 'Romantic', 1805, [
        'Call me naïve, I believe',
        'Wearing my heart upon my sleeve',
        'Never ever gonna leave',
      ]),
    ],
  },
];

/** Album index of Quiet Rooms: iTunes tags without a catalogue number (the small profile keeps it). */
export const QUIET_ROOMS = 3;

export interface DemoMember {
  title: string;
  title2: string;
  merchUrl: string;
  site: string;
  /** Whose album scene the artist's photo is taken in. */
  album: number;
}

export const MEMBERS: DemoMember[] = [
  {
    title: 'The Lanterns',
    title2: 'Synthpop trio, Gothenburg',
    merchUrl: 'https://shop.thelanternsband.com/',
    site: 'https://www.thelanternsband.com/',
    album: 0,
  },
  {
    title: 'Mira Vale',
    title2: 'Singer-songwriter, Cork',
    merchUrl: 'https://miravale.bandcamp.com/merch',
    site: 'https://www.miravalemusic.com/',
    album: 1,
  },
  {
    title: 'June Harlow',
    title2: 'Vocalist',
    merchUrl: 'https://www.juneharlow.com/store',
    site: 'https://www.juneharlow.com/',
    album: 1,
  },
  {
    title: 'Kilowatt Kids',
    title2: 'Electronic duo, Osaka',
    merchUrl: 'https://store.kilowattkids.net/',
    site: 'https://www.kilowattkids.net/',
    album: 2,
  },
  {
    title: 'DJ Oktav',
    title2: 'Producer and DJ',
    merchUrl: 'https://djoktav.bandcamp.com/merch',
    site: 'https://soundcloud.com/djoktav',
    album: 2,
  },
  {
    title: 'Elena Sorrel Quartet',
    title2: 'Jazz quartet, Lisbon',
    merchUrl: 'https://www.elenasorrel.com/shop',
    site: 'https://www.elenasorrel.com/',
    album: 3,
  },
  {
    title: 'Los Relámpagos',
    title2: 'Rock band, Valparaíso',
    merchUrl: 'https://tienda.losrelampagos.cl/',
    site: 'https://www.losrelampagos.cl/',
    album: 4,
  },
  {
    title: 'Renée Lacroix',
    title2: 'Singer and rapper, Montréal',
    merchUrl: 'https://reneelacroix.com/boutique',
    site: 'https://reneelacroix.com/',
    album: 7,
  },
  {
    title: 'Orchestre Lumière',
    title2: 'Chamber orchestra, Lyon',
    merchUrl: 'https://www.orchestre-lumiere.fr/boutique',
    site: 'https://www.orchestre-lumiere.fr/',
    album: 5,
  },
  {
    title: 'Beatriz Araújo',
    title2: 'Singer and guitarist, São Paulo',
    merchUrl: 'https://beatrizaraujo.com.br/loja',
    site: 'https://beatrizaraujo.com.br/',
    album: 6,
  },
  {
    title: 'MC Renée',
    title2: 'Renée Lacroix’s hip-hop project',
    merchUrl: 'https://mcrenee.bandcamp.com/merch',
    site: 'https://www.mcrenee.com/',
    album: 7,
  },
];

/** Everyone credited as a composer on a track. */
export const COMPOSERS = [...new Set(ALBUMS.flatMap((a) => a.tracks.flatMap((t) => t.composers)))];

export interface DemoGenre {
  title: string;
  active: boolean;
  /** The scene of its picture. */
  scene: Scene;
}

export const GENRES: DemoGenre[] = [
  { title: 'Synthpop', active: true, scene: 'sunset' },
  { title: 'Indie Folk', active: true, scene: 'harbour' },
  { title: 'Electronic', active: true, scene: 'circuit' },
  { title: 'Jazz', active: true, scene: 'skyline' },
  { title: 'Rock', active: true, scene: 'storm' },
  { title: 'Classical', active: true, scene: 'hall' },
  { title: 'Bossa Nova', active: true, scene: 'tropics' },
  { title: 'Hip Hop', active: true, scene: 'street' },
  { title: 'Pop', active: true, scene: 'sunset' },
  { title: 'Ambient', active: false, scene: 'harbour' },
  { title: 'R&B', active: false, scene: 'skyline' },
];

/** More than a page of 20 each: the Activity and Mood dropdowns load their next page. */
export const MOODS = [
  'Energetic',
  'Calm',
  'Happy',
  'Melancholic',
  'Romantic',
  'Dark',
  'Uplifting',
  'Dreamy',
  'Nostalgic',
  'Playful',
  'Fierce',
  'Peaceful',
  'Hopeful',
  'Moody',
  'Sunny',
  'Tender',
  'Rebellious',
  'Mysterious',
  'Euphoric',
  'Bittersweet',
  'Serene',
  'Groovy',
];
export const ACTIVITIES = [
  'Workout',
  'Study',
  'Party',
  'Driving',
  'Relaxing',
  'Cooking',
  'Running',
  'Focus',
  'Reading',
  'Dinner',
  'Commute',
  'Yoga',
  'Gaming',
  'Cleaning',
  'Road Trip',
  'Sleep',
  'Meditation',
  'Dancing',
  'Coding',
  'Painting',
  'Sunday Brunch',
  'Late Night',
];
export const TAGS = [
  'live',
  'acoustic',
  'night',
  'summer',
  'retro',
  'dance',
  'instrumental',
  'chill',
  'concert',
  'studio',
  'neon',
  'city',
  'ocean',
  'abstract',
  'classic',
  'animation',
  'visualizer',
  'lyrics',
  'strings',
  'guitar',
  'piano',
  'saxophone',
  'synth',
  'beats',
  'latin',
  'orchestra',
  'festival',
  'rainy day',
  'road',
  'embed',
];
export const VIDEO_GENRES = [
  'Music Video',
  'Live Performance',
  'Lyric Video',
  'Visualizer',
  'Behind the Scenes',
  'Animation',
];

export interface DemoCategory {
  title: string;
  status: Status;
  tags: string[];
  scene: Scene;
}

export const CATEGORIES: DemoCategory[] = [
  { title: 'Chill Out', status: Status.On, tags: ['chill', 'instrumental', 'acoustic'], scene: 'harbour' },
  { title: 'Party Time', status: Status.On, tags: ['dance', 'night', 'beats'], scene: 'street' },
  { title: 'Live & Loud', status: Status.On, tags: ['live', 'concert'], scene: 'storm' },
  { title: 'Retro Vibes', status: Status.On, tags: ['retro', 'neon'], scene: 'sunset' },
  { title: 'By the Sea', status: Status.On, tags: ['ocean', 'summer'], scene: 'tropics' },
  { title: 'Visualizers', status: Status.On, tags: ['visualizer', 'abstract'], scene: 'circuit' },
  { title: 'Lyrics On Screen', status: Status.On, tags: ['lyrics'], scene: 'skyline' },
  { title: 'Concert Hall', status: Status.On, tags: ['orchestra', 'strings', 'piano'], scene: 'hall' },
  { title: 'Studio Sessions', status: Status.Off, tags: ['studio'], scene: 'skyline' },
];

/**
 * How a rendered video looks (videos.ts): a constant-Q visualiser, a vector scope or a
 * waveform over the album art, lyric cards, or a "live" cut on a stage with a light wall.
 */
export type VideoLook = 'cqt' | 'scope' | 'waves' | 'lyric' | 'live';

/** An excerpt of an album track placed on the video's timeline. */
export interface DemoSegment {
  album: number;
  track: number;
}

export interface DemoVideo {
  id: number;
  title: string;
  description: string;
  artist: string;
  look: VideoLook;
  /** Whose album art and colours the picture uses. */
  album: number;
  /** Seconds (full profile). */
  duration: number;
  /** MPEG-4 Part 2 originals take the encode path of the transcoder; H.264 ones the copy path. */
  codec: 'h264' | 'mpeg4';
  segments: DemoSegment[];
  genres: string[];
  moods: string[];
  activities: string[];
  tags: string[];
  videoGenres: string[];
  status: Status;
}

const [V403, V491, V827, V1526] = DEFAULT_IDS.videos;

const LOOK_TITLE: Record<VideoLook, string> = {
  cqt: 'Official Visualizer',
  scope: 'Audio Visualizer',
  waves: 'Official Video',
  lyric: 'Lyric Video',
  live: 'Live',
};
const LOOK_VIDEO_GENRE: Record<VideoLook, string> = {
  cqt: 'Visualizer',
  scope: 'Visualizer',
  waves: 'Music Video',
  lyric: 'Lyric Video',
  live: 'Live Performance',
};
const LOOK_TAGS: Record<VideoLook, string[]> = {
  cqt: ['visualizer', 'abstract'],
  scope: ['visualizer', 'abstract'],
  waves: ['studio', 'visualizer'],
  lyric: ['lyrics'],
  live: ['live', 'concert'],
};
const STYLE_TAGS: Record<StyleName, string[]> = {
  synthpop: ['neon', 'retro', 'synth', 'night'],
  folk: ['acoustic', 'ocean', 'guitar'],
  electronic: ['dance', 'synth', 'night'],
  jazz: ['piano', 'saxophone', 'chill', 'instrumental'],
  rock: ['guitar', 'festival', 'road'],
  classical: ['orchestra', 'strings', 'classic', 'instrumental'],
  bossa: ['latin', 'summer', 'guitar', 'chill'],
  hiphop: ['beats', 'city', 'dance'],
};
const VENUES = ['Warehouse 9', 'the Harbour', 'Teatro Colón', 'Café Müller', 'Paléo Festival', 'Studio Ñ'];
const LOOKS: VideoLook[] = ['cqt', 'lyric', 'scope', 'live', 'waves'];
/** Two of the activities, the same for the same video. */
const activitiesOf = (n: number) => [ACTIVITIES[n % ACTIVITIES.length]!, ACTIVITIES[(n * 7 + 3) % ACTIVITIES.length]!];

function videoOf(id: number, look: VideoLook, segments: DemoSegment[], extra: Partial<DemoVideo> = {}): DemoVideo {
  const album = ALBUMS[segments[0]!.album]!;
  const first = album.tracks[segments[0]!.track]!;
  const style = album.style;
  const label = look === 'live' ? `Live at ${VENUES[id % VENUES.length]}` : LOOK_TITLE[look];
  return {
    id,
    title: `${first.title} (${label})`,
    description:
      `${first.artist} — ${first.title}, from the album ${album.title} (${album.year}). ` +
      `Written by ${first.composers.join(' and ')}.`,
    artist: first.artist,
    look,
    album: segments[0]!.album,
    duration: segments.length > 1 ? 10 * segments.length + segments.length - 1 : 20,
    codec: id % 9 === 0 ? 'mpeg4' : 'h264',
    segments,
    genres: [album.genre],
    moods: [...new Set([first.mood, MOODS[(id * 5) % MOODS.length]!])],
    activities: [...new Set(activitiesOf(id))],
    tags: [...new Set([...LOOK_TAGS[look], ...STYLE_TAGS[style].slice(0, 2 + (id % 2))])],
    videoGenres: [LOOK_VIDEO_GENRE[look]],
    status: Status.On,
    ...extra,
  };
}

/** The default videos of the spec, as the browser tests know them (403 has two tracks). */
const DEFAULT_VIDEOS: DemoVideo[] = [
  videoOf(
    V403,
    'cqt',
    [
      { album: 0, track: 0 },
      { album: 0, track: 2 },
    ],
    {
      title: 'Night Drive (Official Video)',
      description:
        'The Lanterns take the coastal road after midnight. From the album Neon Avenue; written by Anders Holm.',
      duration: 36,
      activities: ['Driving', 'Late Night'],
      tags: ['night', 'neon', 'city', 'visualizer'],
      videoGenres: ['Music Video'],
    },
  ),
  videoOf(
    V491,
    'live',
    [
      { album: 1, track: 0 },
      { album: 1, track: 3 },
    ],
    {
      title: 'Paper Boats (Live at the Harbour)',
      description: 'Mira Vale plays Paper Boats on the old pier, recorded live at sunset.',
      duration: 32,
    },
  ),
  videoOf(
    V827,
    'scope',
    [
      { album: 2, track: 0 },
      { album: 2, track: 2 },
    ],
    {
      title: 'Voltage (Visualizer)',
      description: 'A vector-scope visualizer for the opening track of Midnight Circuit by Kilowatt Kids.',
      duration: 30,
      codec: 'mpeg4',
    },
  ),
  videoOf(
    V1526,
    'waves',
    [
      { album: 0, track: 4 },
      { album: 0, track: 1 },
    ],
    {
      title: 'Summer Sessions: Chrome Hearts',
      description: 'The Lanterns open the Summer Sessions with a sunny cut from Neon Avenue.',
      duration: 28,
      genres: ['Synthpop', 'Pop'],
      tags: ['summer', 'retro'],
    },
  ),
];

const covered = new Set(DEFAULT_VIDEOS.map((v) => `${v.segments[0]!.album}:${v.segments[0]!.track}`));

/** 113 is the YouTube item of Essential Classics; the track videos take the ids around it. */
const trackVideoId = (i: number): number => (101 + i >= 113 ? 102 + i : 101 + i);

/** One video per album track the default videos do not open with, ids 101 up. */
const TRACK_VIDEOS: DemoVideo[] = ALBUMS.flatMap((album, a) => album.tracks.map((_, t) => ({ a, t })))
  .filter(({ a, t }) => !covered.has(`${a}:${t}`))
  .map(({ a, t }, i) =>
    videoOf(trackVideoId(i), LOOKS[(a + t) % LOOKS.length]!, [{ album: a, track: t }], {
      // Waiting for review (access off): shown to staff only.
      ...(a === QUIET_ROOMS && t === 3 ? { status: Status.Off } : {}),
    }),
  );

/** Multi-track sets: three excerpts each, ids 151 up. */
const SETS: { title: string; look: VideoLook; segments: [number, number][]; description: string }[] = [
  {
    title: 'Neon Avenue: Album Sampler',
    look: 'cqt',
    segments: [
      [0, 1],
      [0, 3],
      [0, 4],
    ],
    description: 'Three songs from Neon Avenue in one visualizer.',
  },
  {
    title: 'Harbour Lights (Live Session)',
    look: 'live',
    segments: [
      [1, 1],
      [1, 2],
      [1, 4],
    ],
    description: 'Mira Vale and June Harlow, live in one take.',
  },
  {
    title: 'Midnight Circuit (Live at Warehouse 9)',
    look: 'live',
    segments: [
      [2, 4],
      [2, 1],
      [2, 3],
    ],
    description: 'Kilowatt Kids bring Reboot to a packed warehouse show.',
  },
  {
    title: 'Quiet Rooms: Late Set in Lisbon',
    look: 'scope',
    segments: [
      [3, 2],
      [3, 0],
      [3, 4],
    ],
    description: 'The last set of the night at a small Lisbon club.',
  },
  {
    title: 'Los Relámpagos en Vivo',
    look: 'live',
    segments: [
      [4, 0],
      [4, 2],
      [4, 4],
    ],
    description: 'Los Relámpagos live at the Paléo Festival: Señal de Humo, Rayo Azul, X-Ray Eyes.',
  },
  {
    title: 'Nocturnes pour Zoë: Suite',
    look: 'waves',
    segments: [
      [5, 0],
      [5, 1],
      [5, 4],
    ],
    description: 'The Orchestre Lumière plays three Nocturnes by Anne-Sophie Müller.',
  },
  {
    title: 'Saudade Azul: Sunset Medley',
    look: 'lyric',
    segments: [
      [6, 0],
      [6, 3],
      [6, 2],
    ],
    description: 'Beatriz Araújo sings a medley at sunset in Ipanema.',
  },
  {
    title: 'Hi-Fi Lo-Fi Cypher',
    look: 'scope',
    segments: [
      [7, 0],
      [7, 1],
      [7, 2],
    ],
    description: 'MC Renée and DJ Oktav trade verses over the album’s beats.',
  },
  {
    title: 'Around the World Mix',
    look: 'cqt',
    segments: [
      [6, 1],
      [4, 3],
      [7, 4],
    ],
    description: 'From São Paulo to Montréal: bossa nova, rock and hip-hop.',
  },
  {
    title: 'Strings & Synths',
    look: 'waves',
    segments: [
      [5, 2],
      [0, 0],
      [5, 3],
    ],
    description: 'Orchestre Lumière meets The Lanterns.',
  },
];

const SET_VIDEOS: DemoVideo[] = SETS.map((set, i) =>
  videoOf(
    151 + i,
    set.look,
    set.segments.map(([album, track]) => ({ album, track })),
    {
      title: set.title,
      description: set.description,
      genres: [...new Set(set.segments.map(([a]) => ALBUMS[a]!.genre))],
    },
  ),
);

export const VIDEOS: DemoVideo[] = [...DEFAULT_VIDEOS, ...TRACK_VIDEOS, ...SET_VIDEOS];

/** Source kinds a video's yt_link may name (spec viewer §1). */
export type EmbedKind =
  | 'YouTube'
  | 'Vimeo'
  | 'Twitch'
  | 'DailyMotion'
  | 'Wistia'
  | 'Vidyard'
  | 'Kaltura'
  | 'Mixcloud'
  | 'Streamable'
  | 'Facebook'
  | 'SoundCloud'
  | 'File';

/** A video with no file of its own: it plays from its link (processing state external). */
export interface DemoEmbed {
  id: number;
  kind: EmbedKind;
  title: string;
  description: string;
  ytLink: string;
  duration: number;
  scene: Scene;
  genres: string[];
  moods: string[];
  activities: string[];
  tags: string[];
  videoGenres: string[];
}

const embed = (
  id: number,
  kind: EmbedKind,
  title: string,
  ytLink: string,
  scene: Scene,
  genre: string,
  videoGenre: string,
  description: string,
): DemoEmbed => ({
  id,
  kind,
  title,
  description,
  ytLink,
  duration: 120 + (id % 7) * 45,
  scene,
  genres: [genre],
  moods: [MOODS[id % MOODS.length]!],
  activities: activitiesOf(id),
  tags: ['embed', ...STYLE_TAGS[GENRE_STYLE[genre]!].slice(0, 1)],
  videoGenres: [videoGenre],
});

const GENRE_STYLE: Record<string, StyleName> = Object.fromEntries(ALBUMS.map((a) => [a.genre, a.style]));

/**
 * The plain-file item's link until the seed has stored its file: the seed replaces it with
 * the product's own media address of that file (`/cuviewTV/media/hls/211/file/…mp4`).
 */
export const PLAIN_FILE_LINK = 'file:';
/** The demo video whose rendering the plain-file item plays (H.264, so every browser plays it). */
export const PLAIN_FILE_VIDEO = V403;

/** One per embedded source kind; 113 stays the YouTube item of Essential Classics. */
export const EMBEDS: DemoEmbed[] = [
  {
    ...embed(
      113,
      'YouTube',
      'Big Buck Bunny (Blender Open Movie)',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'tropics',
      'Classical',
      'Animation',
      'The Blender Foundation’s open movie, played from YouTube.',
    ),
    duration: 635,
    tags: ['animation', 'classic', 'embed'],
  },
  embed(
    201,
    'Vimeo',
    'Sintel (Blender Open Movie)',
    'https://vimeo.com/1084537',
    'storm',
    'Classical',
    'Animation',
    'A girl and her dragon: the Blender open movie, played from Vimeo.',
  ),
  embed(
    202,
    'Twitch',
    'Late-Night Synth Jam (Twitch Stream)',
    'https://www.twitch.tv/videos/106400740',
    'sunset',
    'Synthpop',
    'Live Performance',
    'The Lanterns jam on modular synths, streamed on Twitch.',
  ),
  embed(
    203,
    'DailyMotion',
    'Café Concert à Montmartre',
    'https://www.dailymotion.com/video/x7tgad0',
    'skyline',
    'Jazz',
    'Live Performance',
    'A café concert in Montmartre, played from DailyMotion.',
  ),
  embed(
    204,
    'Wistia',
    'Studio Tour: Where Neon Avenue Was Made',
    'https://home.wistia.com/medias/e4a27b971d',
    'sunset',
    'Synthpop',
    'Behind the Scenes',
    'A walk through The Lanterns’ studio, played from Wistia.',
  ),
  embed(
    205,
    'Vidyard',
    'How a Drum Groove Is Built',
    'https://share.vidyard.com/watch/YBvcF2BEfvKdowmfrRwk57',
    'street',
    'Hip Hop',
    'Behind the Scenes',
    'DJ Oktav builds a boom-bap groove step by step, played from Vidyard.',
  ),
  embed(
    206,
    'Kaltura',
    'Orchestra Rehearsal: Élégie',
    'https://cdnapisec.kaltura.com/p/2507381/sp/250738100/embedIframeJs/uiconf_id/44372392/partner_id/2507381?iframeembed=true&playerId=kaltura_player&entry_id=1_i1jmzcn3',
    'hall',
    'Classical',
    'Behind the Scenes',
    'The Orchestre Lumière rehearses Élégie, played from Kaltura.',
  ),
  embed(
    207,
    'Mixcloud',
    'Bossa Nova Sunday Mix',
    'https://www.mixcloud.com/mixcloud/meet-the-curators/',
    'tropics',
    'Bossa Nova',
    'Music Video',
    'An hour of bossa nova for a slow Sunday, played from Mixcloud.',
  ),
  embed(
    208,
    'Streamable',
    'Crowd Surf at Warehouse 9',
    'https://streamable.com/moo',
    'circuit',
    'Electronic',
    'Live Performance',
    'A fan’s clip from the Kilowatt Kids show, played from Streamable.',
  ),
  embed(
    209,
    'Facebook',
    'Los Relámpagos Backstage',
    'https://www.facebook.com/facebook/videos/10153231379946729/',
    'storm',
    'Rock',
    'Behind the Scenes',
    'Backstage with Los Relámpagos before the Paléo Festival, played from Facebook.',
  ),
  embed(
    210,
    'SoundCloud',
    'Hi-Fi Lo-Fi (SoundCloud Premiere)',
    'https://soundcloud.com/miami-nights-1984/accelerated',
    'street',
    'Hip Hop',
    'Music Video',
    'MC Renée premieres the title track on SoundCloud.',
  ),
  // The plain file is one the product serves itself (the seed stores V403's rendering under
  // this item's stream prefix and links it), so it plays offline like every demo video.
  embed(
    211,
    'File',
    'Night Drive (MP4 File)',
    PLAIN_FILE_LINK,
    'skyline',
    'Synthpop',
    'Music Video',
    'Neon Avenue’s Night Drive, played from a plain MP4 file instead of a stream.',
  ),
];

export interface DemoPlaylist {
  id: number;
  title: string;
  videos: number[];
  status: Status;
  /** Owned by the demo viewer (a personal playlist) instead of editorial. */
  personal?: boolean;
}

const [P10, P33, P54, P251, P342] = DEFAULT_IDS.playlists;
const ids = (list: DemoVideo[]) => list.filter((v) => v.status === Status.On).map((v) => v.id);
const byAlbum = (a: number) => ids(VIDEOS.filter((v) => v.segments.some((s) => s.album === a)));
const byLook = (look: VideoLook) => ids(VIDEOS.filter((v) => v.look === look));
const embedIds = EMBEDS.map((e) => e.id);
const albumPlaylistIds = ALBUMS.map((_, a) => 12 + a);

export const PLAYLISTS: DemoPlaylist[] = [
  {
    id: P10,
    title: 'Fresh This Week',
    videos: [V827, V403, ...ids(SET_VIDEOS).slice(0, 6), V1526, 202, 210],
    status: Status.On,
  },
  { id: P33, title: 'Welcome to CUVIEW', videos: [V491, V403, V827, 101, 104, 201], status: Status.On },
  {
    id: P54,
    title: 'CUVIEW Favourites',
    videos: [V403, V491, V827, V1526, 101, 105, 110, 154, 157],
    status: Status.On,
  },
  { id: P251, title: 'Essential Classics', videos: [113, ...byAlbum(5), 154, 201, 206], status: Status.On },
  { id: P342, title: 'Summer Sessions', videos: [V1526, ...byAlbum(6), V491, 207], status: Status.On },
  { id: 1, title: 'Late Night Drive', videos: [V403, ...byAlbum(0).slice(1), 202, 204], status: Status.On },
  { id: 2, title: 'Chill Sessions', videos: [...byAlbum(3), ...byAlbum(1).slice(0, 3), 203], status: Status.On },
  { id: 3, title: 'Live on Stage', videos: [...byLook('live'), 202, 203, 208], status: Status.On },
  { id: 4, title: 'Workout Energy', videos: [V827, ...byAlbum(4), ...byAlbum(2).slice(1, 4), 208], status: Status.On },
  { id: 5, title: 'Jazz Corner', videos: [...byAlbum(3), 203], status: Status.On },
  { id: 6, title: 'Electronic Pulse', videos: [...byAlbum(2), 208, 211], status: Status.On },
  { id: 7, title: 'Acoustic Mornings', videos: [V491, ...byAlbum(1), ...byAlbum(6).slice(0, 2)], status: Status.On },
  { id: 8, title: 'Live at the Harbour', videos: [V491, 152, ...byLook('live').slice(0, 4)], status: Status.On },
  {
    id: 9,
    title: 'Work in Progress',
    // V827 first: the cover of this hidden playlist exists in the small (test) catalogue too.
    videos: [V827, ...ids(VIDEOS).slice(-2), ...VIDEOS.filter((v) => v.status === Status.Off).map((v) => v.id)],
    status: Status.Off,
  },
  ...ALBUMS.map((album, a) => ({
    id: albumPlaylistIds[a]!,
    title: `${album.title}: The Videos`,
    videos: byAlbum(a),
    status: Status.On,
  })),
  { id: 20, title: 'Visualizers', videos: [...byLook('cqt'), ...byLook('scope')], status: Status.On },
  { id: 21, title: 'Lyric Videos', videos: byLook('lyric'), status: Status.On },
  { id: 22, title: 'Embedded Everywhere', videos: embedIds, status: Status.On },
  { id: 23, title: 'Multi-Track Sets', videos: ids(SET_VIDEOS), status: Status.On },
  {
    id: 24,
    title: 'Sing-Along Night',
    videos: [...byLook('lyric'), ...byLook('waves')].slice(0, 12),
    status: Status.On,
  },
  { id: 25, title: 'The Whole Catalogue', videos: [...ids(VIDEOS), ...embedIds], status: Status.On },
  { id: 26, title: 'Rock en Español', videos: [...byAlbum(4), 209], status: Status.On },
  { id: 27, title: 'Café & Bossa', videos: [...byAlbum(6), ...byAlbum(3).slice(0, 2), 207], status: Status.On },
  { id: 28, title: 'Beats & Rhymes', videos: [...byAlbum(7), 205, 210], status: Status.On },
  { id: 29, title: 'Orchestral Moments', videos: [...byAlbum(5), 206], status: Status.On },
  { id: 30, title: 'Behind the Scenes', videos: [204, 205, 206, 209], status: Status.On },
  { id: 11, title: 'My Favourites', videos: [V403, 101, 104, 113], status: Status.On, personal: true },
];

export interface DemoGroup {
  id: number;
  title: string;
  status: Status;
  playlists: number[];
}

const [G4, G5, G8, G10, G24] = DEFAULT_IDS.groups;

/** Themes in display order (position 1..n). */
export const GROUPS: DemoGroup[] = [
  { id: G4, title: 'Featured', status: Status.On, playlists: [P54, P10, 1, 2, 6, 4, 25, 23] },
  { id: G5, title: 'Concerts and Performances', status: Status.On, playlists: [3, 8, 5, 6, P54, 26] },
  { id: G8, title: 'Welcome', status: Status.On, playlists: [P33, P54, P10, 2, 7, 22] },
  { id: G10, title: 'Essentials', status: Status.On, playlists: [P251, 5, 7, 2, 1, 29] },
  { id: G24, title: 'Promotions', status: Status.On, playlists: [P342, 4, 1, P10, 27] },
  { id: 1, title: 'Moods and Moments', status: Status.On, playlists: [2, 4, 1, 7, 5, 6, 24, 27] },
  { id: 3, title: 'Albums', status: Status.On, playlists: albumPlaylistIds },
  { id: 6, title: 'Ways to Watch', status: Status.On, playlists: [20, 21, 23, 22, 30, 28] },
  { id: 2, title: 'Coming Soon', status: Status.Off, playlists: [9] },
];

export interface DemoBanner {
  video: number;
  playlist: number;
  group: number;
  title: string;
  status: Status;
}

export const BANNERS: DemoBanner[] = [
  { video: V403, playlist: P54, group: G4, title: 'Night Drive: the new video from The Lanterns', status: Status.On },
  { video: V1526, playlist: P342, group: G24, title: 'Summer Sessions are here', status: Status.On },
  { video: V491, playlist: P33, group: G8, title: 'Mira Vale, live at the harbour', status: Status.On },
  { video: 155, playlist: 26, group: G5, title: 'Los Relámpagos en vivo', status: Status.On },
  { video: V827, playlist: P10, group: G4, title: 'Kilowatt Kids: Voltage', status: Status.Off },
];

export const USERS = [
  {
    email: 'staff@cuview.local',
    password: 'staff-password',
    firstName: 'Sam',
    lastName: 'Staff',
    isStaff: true,
  },
  {
    email: 'viewer@cuview.local',
    password: 'viewer-password',
    firstName: 'Vera',
    lastName: 'Viewer',
    isStaff: false,
  },
] as const;

/** How much to generate: the full demo, or a small one for tests. */
export interface DemoProfile {
  name: 'full' | 'small';
  albums: DemoAlbum[];
  videos: DemoVideo[];
  /** Seconds of music per album track. */
  trackSeconds: (album: number, track: number) => number;
  videoSeconds: (video: DemoVideo) => number;
  frame: { width: number; height: number };
}

/**
 * Full: 8 albums x 5 tracks of 26-34 s; 50 rendered videos (one per track, 20 s, and
 * multi-track sets of 28-36 s) at 480x270, and the 12 embedded items.
 */
export function fullProfile(): DemoProfile {
  return {
    name: 'full',
    albums: ALBUMS,
    videos: VIDEOS,
    trackSeconds: (album, track) => 26 + ((album * 5 + track * 7) % 9),
    videoSeconds: (video) => video.duration,
    frame: { width: 640, height: 360 },
  };
}

/**
 * Small (tests): two tracks of Neon Avenue (ID3 tags with a catalogue number) and of Quiet
 * Rooms (iTunes tags without one), the four default videos at 320x180: three of 8 s with two
 * excerpts each, and the last (V1526) one whole 12 s track. The analysis window of a video
 * shorter than 30 s is all of it, and two excerpts of equal length leave the footprint
 * matcher without a clear winner (it wants the best track twice as strong as the next):
 * the single-track video is the one whose analysis recognises a track by both watermark
 * and footprint. The embedded items are in both profiles (they cost no rendering).
 */
export function smallProfile(): DemoProfile {
  const keep = new Set([0, QUIET_ROOMS]);
  const albums = ALBUMS.map((album, index) =>
    keep.has(index) ? { ...album, tracks: album.tracks.slice(0, 2) } : { ...album, tracks: [] },
  );
  const trackSeconds = 12;
  const videos = DEFAULT_VIDEOS.map((video, index) => ({
    ...video,
    segments:
      video.id === V1526
        ? [{ album: QUIET_ROOMS, track: 0 }]
        : [
            { album: index % 2 === 0 ? 0 : QUIET_ROOMS, track: 0 },
            { album: index % 2 === 0 ? QUIET_ROOMS : 0, track: 1 },
          ],
  }));
  return {
    name: 'small',
    albums,
    videos,
    trackSeconds: () => trackSeconds,
    videoSeconds: (video) => (video.id === V1526 ? trackSeconds : 8),
    frame: { width: 320, height: 180 },
  };
}
