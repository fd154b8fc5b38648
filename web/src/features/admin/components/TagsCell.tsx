import { useState } from 'react';
import type { IdTitle } from '../types';
import { tagsText } from '../validation';

/** Tags of a row, cut at 135 characters with show more / show less (spec §2, §9). */
export function TagsCell({ tags }: { tags: IdTitle[] }) {
  const [expanded, setExpanded] = useState(false);
  const { text, cut } = tagsText(tags, expanded);
  return (
    <span className="tags-cell">
      {text}
      {cut && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => setExpanded(!expanded)}>
            {expanded ? 'show less' : 'show more'}
          </button>
        </>
      )}
    </span>
  );
}
