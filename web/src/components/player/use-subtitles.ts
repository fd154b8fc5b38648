import { useCallback, useEffect, useState, type RefObject } from 'react';

export type SubtitleOption = { language: string; label: string; src: string };

const CHOICE_KEY = 'subtitles';

function readChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

function writeChoice(language: string | null): void {
  try {
    if (language === null) localStorage.removeItem(CHOICE_KEY);
    else localStorage.setItem(CHOICE_KEY, language);
  } catch {
    /* storage blocked: the choice lasts for this video only */
  }
}

/**
 * Which of a video's subtitle tracks (the `<track>` elements the player renders) shows: the one
 * chosen last on this device when the video has that language, none otherwise. `null` is off.
 */
export function useSubtitles(videoRef: RefObject<HTMLVideoElement | null>, options: SubtitleOption[]) {
  const [language, setLanguage] = useState<string | null>(() => {
    const remembered = readChoice();
    return options.some((o) => o.language === remembered) ? remembered : null;
  });

  const apply = useCallback(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) {
      if (track.kind !== 'subtitles') continue;
      track.mode = track.language === language ? 'showing' : 'disabled';
    }
  }, [videoRef, language]);

  useEffect(() => {
    apply();
    // Track elements added later (a new video) join the list: apply the choice to them too.
    const tracks = videoRef.current?.textTracks;
    if (typeof tracks?.addEventListener !== 'function') return undefined; // jsdom has no TextTrackList events
    tracks.addEventListener('addtrack', apply);
    return () => tracks.removeEventListener('addtrack', apply);
  }, [apply, videoRef, options]);

  const select = (next: string | null) => {
    setLanguage(next);
    writeChoice(next);
  };
  return { language, select };
}
