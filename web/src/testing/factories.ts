import type { Video, VideoTrack } from '@/lib/api/types';

/**
 * Wire objects for tests, complete as the OpenAPI document describes them (DESIGN §2.15), so a
 * test names only the fields it is about.
 */
export function aVideo(fields: Partial<Video> & Pick<Video, 'id'>): Video {
  return {
    title: `Video ${fields.id}`,
    duration: 60,
    images: null,
    scripted_bunny_path: '',
    storyboard: '',
    subtitles: [],
    yt_link: '',
    artists: '',
    composers: '',
    members: [],
    tracks: [],
    watermark: false,
    footprint: false,
    ...fields,
  };
}

export function aTrack(fields: Partial<VideoTrack> & Pick<VideoTrack, 'id' | 'starts_at' | 'ends_at'>): VideoTrack {
  return {
    position: 1,
    title: `Track ${fields.id}`,
    members: [],
    album: { id: 1, title: 'Album', cover: false, images: null },
    ...fields,
  };
}
