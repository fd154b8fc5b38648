import { useEffect, useState } from 'react';
import { parseStoryboard, type StoryboardFrame } from './storyboard';

/**
 * The frames of a video's storyboard, fetched once per address. An index that cannot be read
 * leaves the preview without pictures (time and track name still show): it is an aid, not
 * something to report.
 */
export function useStoryboard(url: string | undefined): StoryboardFrame[] {
  const [frames, setFrames] = useState<StoryboardFrame[]>([]);
  useEffect(() => {
    setFrames([]);
    if (!url) return undefined;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => setFrames(text ? parseStoryboard(text, url) : []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [url]);
  return frames;
}
