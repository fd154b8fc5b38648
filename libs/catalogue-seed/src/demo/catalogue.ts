import { DEFAULT_IDS, Status } from '@app/contracts';

/**
 * The demo catalogue as data: four albums of generated music by fictional artists, the
 * lookups the filters need, sixteen generated videos, playlists, themes, banners and
 * categories, including every id the spec uses as a default (DESIGN.md §2.10).
 */

export interface DemoTrack {
  title: string;
  /** Credit as written in the file's artist tag ("A feat. B"). */
  artist: string;
  composers: string[];
  mood: string;
  /** Seed of the synthesized song. */
  seed: number;
}

export interface DemoAlbum {
  title: string;
  albumArtist: string;
  /** Written to the files' CATALOGNUMBER tag; null leaves it out so the importer derives one. */
  catalogueNum: string | null;
  genre: string;
  year: number;
  /** mp3 (ID3 tags) or m4a (AAC in MP4, iTunes tags). */
  format: 'mp3' | 'm4a';
  palette: [string, string];
  tracks: DemoTrack[];
}

export const ALBUMS: DemoAlbum[] = [
  {
    title: 'Neon Avenue',
    albumArtist: 'The Lanterns',
    catalogueNum: 'CUV-1001',
    genre: 'Synthpop',
    year: 2021,
    format: 'mp3',
    palette: ['#ff2a6d', '#05d9e8'],
    tracks: [
      { title: 'Night Drive', artist: 'The Lanterns', composers: ['Anders Holm'], mood: 'Energetic', seed: 1101 },
      {
        title: 'City of Glass',
        artist: 'The Lanterns feat. Mira Vale',
        composers: ['Anders Holm', 'Mira Vale'],
        mood: 'Dreamy',
        seed: 1102,
      },
      { title: 'Afterglow', artist: 'The Lanterns', composers: ['Anders Holm'], mood: 'Romantic', seed: 1103 },
      {
        title: 'Signal Lost',
        artist: 'The Lanterns',
        composers: ['Anders Holm', 'Kai Nakamura'],
        mood: 'Dark',
        seed: 1104,
      },
      { title: 'Chrome Hearts', artist: 'The Lanterns', composers: ['Anders Holm'], mood: 'Happy', seed: 1105 },
    ],
  },
  {
    title: 'Harbour Lights',
    albumArtist: 'Mira Vale',
    catalogueNum: 'CUV-1002',
    genre: 'Indie Folk',
    year: 2019,
    format: 'mp3',
    palette: ['#f4a261', '#264653'],
    tracks: [
      { title: 'Paper Boats', artist: 'Mira Vale', composers: ['Mira Vale'], mood: 'Calm', seed: 1201 },
      {
        title: 'Salt and Rope',
        artist: 'Mira Vale',
        composers: ['Mira Vale', 'Jonas Weir'],
        mood: 'Melancholic',
        seed: 1202,
      },
      {
        title: 'Lighthouse Keeper',
        artist: 'Mira Vale feat. June Harlow',
        composers: ['Mira Vale'],
        mood: 'Uplifting',
        seed: 1203,
      },
      { title: 'Low Tide', artist: 'Mira Vale', composers: ['Jonas Weir'], mood: 'Calm', seed: 1204 },
      {
        title: 'North Wind',
        artist: 'Mira Vale',
        composers: ['Mira Vale', 'Jonas Weir'],
        mood: 'Melancholic',
        seed: 1205,
      },
    ],
  },
  {
    title: 'Midnight Circuit',
    albumArtist: 'Kilowatt Kids',
    catalogueNum: 'CUV-1003',
    genre: 'Electronic',
    year: 2022,
    format: 'mp3',
    palette: ['#7b2cbf', '#00f5d4'],
    tracks: [
      { title: 'Voltage', artist: 'Kilowatt Kids', composers: ['Kai Nakamura'], mood: 'Energetic', seed: 1301 },
      { title: 'Pixel Rain', artist: 'Kilowatt Kids', composers: ['Priya Raman'], mood: 'Dreamy', seed: 1302 },
      {
        title: 'Overclock',
        artist: 'Kilowatt Kids feat. DJ Oktav',
        composers: ['Kai Nakamura', 'Priya Raman'],
        mood: 'Energetic',
        seed: 1303,
      },
      { title: 'Blue Screen Blues', artist: 'Kilowatt Kids', composers: ['Priya Raman'], mood: 'Dark', seed: 1304 },
      { title: 'Reboot', artist: 'Kilowatt Kids', composers: ['Kai Nakamura'], mood: 'Uplifting', seed: 1305 },
    ],
  },
  {
    title: 'Quiet Rooms',
    albumArtist: 'Elena Sorrel Quartet',
    catalogueNum: null,
    genre: 'Jazz',
    year: 2018,
    format: 'm4a',
    palette: ['#1d3557', '#e9c46a'],
    tracks: [
      { title: 'Blue Hour', artist: 'Elena Sorrel Quartet', composers: ['Elena Sorrel'], mood: 'Romantic', seed: 1401 },
      { title: 'Rain on Tin', artist: 'Elena Sorrel Quartet', composers: ['Theo Brandt'], mood: 'Calm', seed: 1402 },
      {
        title: 'Late Set',
        artist: 'Elena Sorrel Quartet',
        composers: ['Elena Sorrel', 'Theo Brandt'],
        mood: 'Melancholic',
        seed: 1403,
      },
      {
        title: 'Coffee at Dawn',
        artist: 'Elena Sorrel Quartet',
        composers: ['Elena Sorrel'],
        mood: 'Happy',
        seed: 1404,
      },
      { title: 'Brushes', artist: 'Elena Sorrel Quartet', composers: ['Theo Brandt'], mood: 'Calm', seed: 1405 },
    ],
  },
];

export interface DemoMember {
  title: string;
  title2: string;
  merchUrl: string;
  site: string;
  palette: [string, string];
}

export const MEMBERS: DemoMember[] = [
  {
    title: 'The Lanterns',
    title2: 'Synthpop trio, Gothenburg',
    merchUrl: 'https://shop.thelanternsband.com/',
    site: 'https://www.thelanternsband.com/',
    palette: ['#ff2a6d', '#1a1a40'],
  },
  {
    title: 'Mira Vale',
    title2: 'Singer-songwriter, Cork',
    merchUrl: 'https://miravale.bandcamp.com/merch',
    site: 'https://www.miravalemusic.com/',
    palette: ['#f4a261', '#2a9d8f'],
  },
  {
    title: 'June Harlow',
    title2: 'Vocalist',
    merchUrl: 'https://www.juneharlow.com/store',
    site: 'https://www.juneharlow.com/',
    palette: ['#e76f51', '#264653'],
  },
  {
    title: 'Kilowatt Kids',
    title2: 'Electronic duo, Osaka',
    merchUrl: 'https://store.kilowattkids.net/',
    site: 'https://www.kilowattkids.net/',
    palette: ['#7b2cbf', '#00f5d4'],
  },
  {
    title: 'DJ Oktav',
    title2: 'Producer and DJ',
    merchUrl: 'https://djoktav.bandcamp.com/merch',
    site: 'https://soundcloud.com/djoktav',
    palette: ['#3a0ca3', '#f72585'],
  },
  {
    title: 'Elena Sorrel Quartet',
    title2: 'Jazz quartet, Lisbon',
    merchUrl: 'https://www.elenasorrel.com/shop',
    site: 'https://www.elenasorrel.com/',
    palette: ['#1d3557', '#e9c46a'],
  },
];

export const COMPOSERS = [
  'Anders Holm',
  'Mira Vale',
  'Kai Nakamura',
  'Jonas Weir',
  'Priya Raman',
  'Elena Sorrel',
  'Theo Brandt',
];

export interface DemoGenre {
  title: string;
  active: boolean;
  palette: [string, string];
}

export const GENRES: DemoGenre[] = [
  { title: 'Synthpop', active: true, palette: ['#ff2a6d', '#05d9e8'] },
  { title: 'Indie Folk', active: true, palette: ['#f4a261', '#2a9d8f'] },
  { title: 'Electronic', active: true, palette: ['#7b2cbf', '#00f5d4'] },
  { title: 'Jazz', active: true, palette: ['#1d3557', '#e9c46a'] },
  { title: 'Pop', active: true, palette: ['#ff006e', '#ffbe0b'] },
  { title: 'Rock', active: true, palette: ['#d00000', '#370617'] },
  { title: 'Hip Hop', active: true, palette: ['#fb5607', '#3a86ff'] },
  { title: 'Classical', active: true, palette: ['#6d597a', '#eaac8b'] },
  { title: 'Ambient', active: false, palette: ['#90e0ef', '#0077b6'] },
  { title: 'R&B', active: false, palette: ['#9d4edd', '#ff9e00'] },
];

export const MOODS = ['Energetic', 'Calm', 'Happy', 'Melancholic', 'Romantic', 'Dark', 'Uplifting', 'Dreamy'];
export const ACTIVITIES = ['Workout', 'Study', 'Party', 'Driving', 'Relaxing', 'Cooking', 'Running', 'Focus'];
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
  icon: 'wave' | 'star' | 'bolt' | 'disc' | 'sun' | 'mic';
  palette: [string, string];
}

export const CATEGORIES: DemoCategory[] = [
  {
    title: 'Chill Out',
    status: Status.On,
    tags: ['chill', 'instrumental', 'acoustic'],
    icon: 'wave',
    palette: ['#48cae4', '#023e8a'],
  },
  { title: 'Party Time', status: Status.On, tags: ['dance', 'night'], icon: 'star', palette: ['#f72585', '#7209b7'] },
  { title: 'Live & Loud', status: Status.On, tags: ['live', 'concert'], icon: 'mic', palette: ['#e63946', '#1d3557'] },
  { title: 'Retro Vibes', status: Status.On, tags: ['retro', 'neon'], icon: 'disc', palette: ['#ff9f1c', '#2ec4b6'] },
  { title: 'By the Sea', status: Status.On, tags: ['ocean', 'summer'], icon: 'sun', palette: ['#ffd166', '#118ab2'] },
  { title: 'Studio Sessions', status: Status.Off, tags: ['studio'], icon: 'bolt', palette: ['#8d99ae', '#2b2d42'] },
];

/** A lavfi picture source for a generated video; `{s}` is replaced by the frame size. */
export type VideoLook = 'gradients' | 'mandelbrot' | 'life' | 'cellauto' | 'testsrc2';

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
  /** Variation of the look (colours, rule, zoom). */
  variant: number;
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

export const VIDEOS: DemoVideo[] = [
  {
    id: V403,
    title: 'Night Drive (Official Video)',
    description: 'The Lanterns take the coastal road after midnight. From the album Neon Avenue.',
    artist: 'The Lanterns',
    look: 'gradients',
    variant: 0,
    duration: 36,
    codec: 'h264',
    segments: [
      { album: 0, track: 0 },
      { album: 0, track: 2 },
    ],
    genres: ['Synthpop'],
    moods: ['Energetic'],
    activities: ['Driving'],
    tags: ['night', 'neon', 'city'],
    videoGenres: ['Music Video'],
    status: Status.On,
  },
  {
    id: V491,
    title: 'Paper Boats (Live at the Harbour)',
    description: 'Mira Vale plays Paper Boats on the old pier, recorded live at sunset.',
    artist: 'Mira Vale',
    look: 'life',
    variant: 0,
    duration: 32,
    codec: 'h264',
    segments: [
      { album: 1, track: 0 },
      { album: 1, track: 3 },
    ],
    genres: ['Indie Folk'],
    moods: ['Calm'],
    activities: ['Relaxing'],
    tags: ['live', 'acoustic', 'ocean'],
    videoGenres: ['Live Performance'],
    status: Status.On,
  },
  {
    id: V827,
    title: 'Voltage (Visualizer)',
    description: 'A fractal visualizer for the opening track of Midnight Circuit.',
    artist: 'Kilowatt Kids',
    look: 'mandelbrot',
    variant: 0,
    duration: 30,
    codec: 'mpeg4',
    segments: [
      { album: 2, track: 0 },
      { album: 2, track: 2 },
    ],
    genres: ['Electronic'],
    moods: ['Energetic'],
    activities: ['Workout', 'Party'],
    tags: ['dance', 'abstract'],
    videoGenres: ['Visualizer'],
    status: Status.On,
  },
  {
    id: V1526,
    title: 'Summer Sessions: Chrome Hearts',
    description: 'The Lanterns open the Summer Sessions with a sunny cut from Neon Avenue.',
    artist: 'The Lanterns',
    look: 'testsrc2',
    variant: 0,
    duration: 28,
    codec: 'h264',
    segments: [
      { album: 0, track: 4 },
      { album: 0, track: 1 },
    ],
    genres: ['Synthpop', 'Pop'],
    moods: ['Happy'],
    activities: ['Party'],
    tags: ['summer', 'retro'],
    videoGenres: ['Music Video'],
    status: Status.On,
  },
  {
    id: 101,
    title: 'Blue Hour (Live in Studio)',
    description: 'Elena Sorrel Quartet record Blue Hour in one take.',
    artist: 'Elena Sorrel Quartet',
    look: 'cellauto',
    variant: 0,
    duration: 40,
    codec: 'h264',
    segments: [
      { album: 3, track: 0 },
      { album: 3, track: 4 },
    ],
    genres: ['Jazz'],
    moods: ['Romantic'],
    activities: ['Relaxing', 'Cooking'],
    tags: ['studio', 'instrumental', 'chill'],
    videoGenres: ['Live Performance'],
    status: Status.On,
  },
  {
    id: 102,
    title: 'City of Glass',
    description: 'The Lanterns and Mira Vale wander a city made of light.',
    artist: 'The Lanterns feat. Mira Vale',
    look: 'gradients',
    variant: 1,
    duration: 34,
    codec: 'h264',
    segments: [
      { album: 0, track: 1 },
      { album: 0, track: 3 },
    ],
    genres: ['Synthpop'],
    moods: ['Dreamy'],
    activities: ['Driving'],
    tags: ['night', 'city', 'neon'],
    videoGenres: ['Music Video'],
    status: Status.On,
  },
  {
    id: 103,
    title: 'Pixel Rain (Lyric Video)',
    description: 'Lyric video for Pixel Rain by Kilowatt Kids.',
    artist: 'Kilowatt Kids',
    look: 'life',
    variant: 1,
    duration: 30,
    codec: 'h264',
    segments: [
      { album: 2, track: 1 },
      { album: 2, track: 3 },
    ],
    genres: ['Electronic', 'Ambient'],
    moods: ['Dreamy'],
    activities: ['Study', 'Focus'],
    tags: ['abstract', 'chill'],
    videoGenres: ['Lyric Video'],
    status: Status.On,
  },
  {
    id: 104,
    title: 'Lighthouse Keeper',
    description: 'Mira Vale and June Harlow sing to the keeper of the last light on the coast.',
    artist: 'Mira Vale feat. June Harlow',
    look: 'mandelbrot',
    variant: 1,
    duration: 38,
    codec: 'h264',
    segments: [
      { album: 1, track: 2 },
      { album: 1, track: 4 },
    ],
    genres: ['Indie Folk'],
    moods: ['Uplifting'],
    activities: ['Relaxing'],
    tags: ['ocean', 'acoustic'],
    videoGenres: ['Music Video'],
    status: Status.On,
  },
  {
    id: 105,
    title: 'Overclock (Concert Cut)',
    description: 'Kilowatt Kids and DJ Oktav close their tour with Overclock.',
    artist: 'Kilowatt Kids feat. DJ Oktav',
    look: 'testsrc2',
    variant: 1,
    duration: 42,
    codec: 'mpeg4',
    segments: [
      { album: 2, track: 2 },
      { album: 2, track: 4 },
      { album: 2, track: 0 },
    ],
    genres: ['Electronic'],
    moods: ['Energetic'],
    activities: ['Workout', 'Running'],
    tags: ['live', 'concert', 'dance'],
    videoGenres: ['Live Performance'],
    status: Status.On,
  },
  {
    id: 106,
    title: 'Rain on Tin',
    description: 'A slow study in rain and brushes from Quiet Rooms.',
    artist: 'Elena Sorrel Quartet',
    look: 'cellauto',
    variant: 1,
    duration: 30,
    codec: 'h264',
    segments: [
      { album: 3, track: 1 },
      { album: 3, track: 4 },
    ],
    genres: ['Jazz'],
    moods: ['Calm'],
    activities: ['Study'],
    tags: ['instrumental', 'chill'],
    videoGenres: ['Visualizer'],
    status: Status.On,
  },
  {
    id: 107,
    title: 'Afterglow (Behind the Scenes)',
    description: 'How The Lanterns made Afterglow, from demo to final mix.',
    artist: 'The Lanterns',
    look: 'gradients',
    variant: 2,
    duration: 26,
    codec: 'h264',
    segments: [{ album: 0, track: 2 }],
    genres: ['Synthpop'],
    moods: ['Romantic'],
    activities: ['Relaxing'],
    tags: ['studio', 'retro'],
    videoGenres: ['Behind the Scenes'],
    status: Status.On,
  },
  {
    id: 108,
    title: 'Salt and Rope',
    description: 'A fishing village at dawn, set to Mira Vale’s Salt and Rope.',
    artist: 'Mira Vale',
    look: 'life',
    variant: 2,
    duration: 35,
    codec: 'h264',
    segments: [
      { album: 1, track: 1 },
      { album: 1, track: 0 },
    ],
    genres: ['Indie Folk'],
    moods: ['Melancholic'],
    activities: ['Relaxing'],
    tags: ['ocean', 'acoustic', 'classic'],
    videoGenres: ['Music Video'],
    status: Status.On,
  },
  {
    id: 109,
    title: 'Reboot (Live at Warehouse 9)',
    description: 'Kilowatt Kids bring Reboot to a packed warehouse show.',
    artist: 'Kilowatt Kids',
    look: 'mandelbrot',
    variant: 2,
    duration: 44,
    codec: 'h264',
    segments: [
      { album: 2, track: 4 },
      { album: 2, track: 1 },
      { album: 2, track: 3 },
    ],
    genres: ['Electronic'],
    moods: ['Uplifting'],
    activities: ['Party'],
    tags: ['live', 'concert', 'night'],
    videoGenres: ['Live Performance'],
    status: Status.On,
  },
  {
    id: 110,
    title: 'Late Set',
    description: 'The last set of the night at a small Lisbon club.',
    artist: 'Elena Sorrel Quartet',
    look: 'gradients',
    variant: 3,
    duration: 38,
    codec: 'h264',
    segments: [
      { album: 3, track: 2 },
      { album: 3, track: 0 },
    ],
    genres: ['Jazz'],
    moods: ['Melancholic'],
    activities: ['Relaxing'],
    tags: ['live', 'night', 'classic'],
    videoGenres: ['Live Performance'],
    status: Status.On,
  },
  {
    id: 111,
    title: 'Signal Lost',
    description: 'An animated short about a radio that hears the future.',
    artist: 'The Lanterns',
    look: 'cellauto',
    variant: 2,
    duration: 30,
    codec: 'h264',
    segments: [
      { album: 0, track: 3 },
      { album: 2, track: 3 },
    ],
    genres: ['Synthpop', 'Electronic'],
    moods: ['Dark'],
    activities: ['Focus'],
    tags: ['animation', 'neon', 'abstract'],
    videoGenres: ['Animation'],
    status: Status.On,
  },
  {
    id: 112,
    title: 'Coffee at Dawn',
    description: 'Morning light and a warm tune. Waiting for review: access is off.',
    artist: 'Elena Sorrel Quartet',
    look: 'testsrc2',
    variant: 2,
    duration: 27,
    codec: 'h264',
    segments: [{ album: 3, track: 3 }],
    genres: ['Jazz'],
    moods: ['Happy'],
    activities: ['Cooking'],
    tags: ['classic', 'chill'],
    videoGenres: ['Music Video'],
    status: Status.Off,
  },
];

/** A video with no file of its own: it plays from YouTube (processing state external). */
export const YOUTUBE_VIDEO = {
  id: 113,
  title: 'Big Buck Bunny (Blender Open Movie)',
  description: 'The Blender Foundation’s open movie, played from YouTube.',
  ytLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  duration: 635,
  genres: ['Classical'],
  moods: ['Happy'],
  activities: ['Relaxing'],
  tags: ['animation', 'classic'],
  videoGenres: ['Animation'],
};

export interface DemoPlaylist {
  id: number;
  title: string;
  videos: number[];
  status: Status;
  /** Owned by the demo viewer (a personal playlist) instead of editorial. */
  personal?: boolean;
  palette: [string, string];
}

const [P10, P33, P54, P251, P342] = DEFAULT_IDS.playlists;

export const PLAYLISTS: DemoPlaylist[] = [
  {
    id: P10,
    title: 'Fresh This Week',
    videos: [V827, V403, 102, 103, 109, V1526],
    status: Status.On,
    palette: ['#06d6a0', '#118ab2'],
  },
  {
    id: P33,
    title: 'Welcome to CUVIEW',
    videos: [V491, V403, V827, 101, 104],
    status: Status.On,
    palette: ['#ef476f', '#ffd166'],
  },
  {
    id: P54,
    title: 'CUVIEW Favourites',
    videos: [V403, V491, V827, V1526, 101, 105, 110],
    status: Status.On,
    palette: ['#8338ec', '#3a86ff'],
  },
  {
    id: P251,
    title: 'Essential Classics',
    videos: [110, 101, 113, 106, 108, 112],
    status: Status.On,
    palette: ['#6d597a', '#eaac8b'],
  },
  {
    id: P342,
    title: 'Summer Sessions',
    videos: [V1526, 104, V491, 108],
    status: Status.On,
    palette: ['#ffbe0b', '#fb5607'],
  },
  {
    id: 1,
    title: 'Late Night Drive',
    videos: [V403, 102, 111, 110, 109],
    status: Status.On,
    palette: ['#14213d', '#fca311'],
  },
  { id: 2, title: 'Chill Sessions', videos: [103, 106, 101, V491], status: Status.On, palette: ['#90e0ef', '#0077b6'] },
  { id: 3, title: 'Live on Stage', videos: [105, 109, V491, 110], status: Status.On, palette: ['#e63946', '#1d3557'] },
  {
    id: 4,
    title: 'Workout Energy',
    videos: [V827, 105, V1526, 109],
    status: Status.On,
    palette: ['#f72585', '#4cc9f0'],
  },
  { id: 5, title: 'Jazz Corner', videos: [101, 106, 110, 112], status: Status.On, palette: ['#1d3557', '#e9c46a'] },
  {
    id: 6,
    title: 'Electronic Pulse',
    videos: [V827, 103, 105, 109, 111],
    status: Status.On,
    palette: ['#7b2cbf', '#00f5d4'],
  },
  { id: 7, title: 'Acoustic Mornings', videos: [V491, 104, 108], status: Status.On, palette: ['#f4a261', '#2a9d8f'] },
  {
    id: 8,
    title: 'Live at the Harbour',
    videos: [V491, 104, 108, 110],
    status: Status.On,
    palette: ['#264653', '#e76f51'],
  },
  { id: 9, title: 'Work in Progress', videos: [107, 112], status: Status.Off, palette: ['#8d99ae', '#2b2d42'] },
  {
    id: 11,
    title: 'My Favourites',
    videos: [V403, 101, 104],
    status: Status.On,
    personal: true,
    palette: ['#ff006e', '#8338ec'],
  },
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
  { id: G4, title: 'Featured', status: Status.On, playlists: [P54, P10, 1, 2, 6, 4] },
  { id: G5, title: 'Concerts and Performances', status: Status.On, playlists: [3, 8, 5, 6, P54] },
  { id: G8, title: 'Welcome', status: Status.On, playlists: [P33, P54, P10, 2, 7] },
  { id: G10, title: 'Essentials', status: Status.On, playlists: [P251, 5, 7, 2, 1] },
  { id: G24, title: 'Promotions', status: Status.On, playlists: [P342, 4, 1, P10] },
  { id: 1, title: 'Moods and Moments', status: Status.On, playlists: [2, 4, 1, 7, 5, 6] },
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
  /** Seconds of music per album track (the synthesizer's song length). */
  trackSeconds: (album: number, track: number) => number;
  videoSeconds: (video: DemoVideo) => number;
  frame: { width: number; height: number };
}

/** Full: 4 albums x 5 tracks of 40-56 s, 16 videos of 26-44 s at 640x360. */
export function fullProfile(): DemoProfile {
  return {
    name: 'full',
    albums: ALBUMS,
    videos: VIDEOS,
    trackSeconds: (album, track) => 40 + ((album * 5 + track * 7) % 17),
    videoSeconds: (video) => video.duration,
    frame: { width: 640, height: 360 },
  };
}

/**
 * Small (tests): two tracks of the first and last album (ID3 tags with a catalogue number,
 * iTunes tags without one), the four default videos at 320x180: three of 8 s with two
 * excerpts each, and the last (V1526) one whole 12 s track. The analysis window of a video
 * shorter than 30 s is all of it, and two excerpts of equal length leave the footprint
 * matcher without a clear winner (it wants the best track twice as strong as the next):
 * the single-track video is the one whose analysis recognises a track by both watermark
 * and footprint.
 */
export function smallProfile(): DemoProfile {
  const keep = new Set([0, ALBUMS.length - 1]);
  const albums = ALBUMS.map((album, index) =>
    keep.has(index) ? { ...album, tracks: album.tracks.slice(0, 2) } : { ...album, tracks: [] },
  );
  const trackSeconds = 12;
  const videos = VIDEOS.filter((v) => (DEFAULT_IDS.videos as readonly number[]).includes(v.id)).map((video, index) => ({
    ...video,
    segments:
      video.id === V1526
        ? [{ album: ALBUMS.length - 1, track: 0 }]
        : [
            { album: index % 2 === 0 ? 0 : ALBUMS.length - 1, track: 0 },
            { album: index % 2 === 0 ? ALBUMS.length - 1 : 0, track: 1 },
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
