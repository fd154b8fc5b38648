/** Previous / numbered pages / next, as a labelled navigation landmark. */
export function Pagination({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const numbers = pageWindow(page, pages);
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </button>
      {numbers.map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={`button button--ghost${n === page ? ' is-active' : ''}`}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Page numbers around the current one, with the first and last page and gaps (null). */
export function pageWindow(page: number, pages: number, around = 1, margin = 1): Array<number | null> {
  const keep = new Set<number>();
  for (let i = 1; i <= Math.min(margin, pages); i++) keep.add(i);
  for (let i = Math.max(1, pages - margin + 1); i <= pages; i++) keep.add(i);
  for (let i = Math.max(1, page - around); i <= Math.min(pages, page + around); i++) keep.add(i);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}
