import { Album, AlbumTrack, TrackLink } from './album.entity.js';
import { BannerVideo, Category, Group, GroupPlaylist, Playlist, PlaylistVideo } from './catalogue.entity.js';
import { Activity, Composer, Genre, Member, Mood, Tag, VideoGenre } from './lookups.entity.js';
import { FingerprintHash, FingerprintPostings, WatermarkCode } from './recognition.entity.js';
import { RefreshToken } from './refresh-token.entity.js';
import { PlayStat, SearchStat } from './stats.entity.js';
import { TotpRecoveryCode, User } from './user.entity.js';
import { Video, VideoSubtitle, VideoTrack } from './video.entity.js';
import { WatchPosition } from './watch-position.entity.js';

export * from './album.entity.js';
export * from './catalogue.entity.js';
export * from './lookups.entity.js';
export * from './recognition.entity.js';
export * from './refresh-token.entity.js';
export * from './stats.entity.js';
export * from './user.entity.js';
export * from './video.entity.js';
export * from './watch-position.entity.js';

export const ENTITIES = [
  User,
  RefreshToken,
  Genre,
  Mood,
  Activity,
  Tag,
  VideoGenre,
  Member,
  Composer,
  Album,
  AlbumTrack,
  TrackLink,
  Video,
  VideoTrack,
  VideoSubtitle,
  Category,
  Playlist,
  PlaylistVideo,
  Group,
  GroupPlaylist,
  BannerVideo,
  FingerprintHash,
  FingerprintPostings,
  WatermarkCode,
  TotpRecoveryCode,
  PlayStat,
  SearchStat,
  WatchPosition,
];
