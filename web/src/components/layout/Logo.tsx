/** Word mark: a play triangle and "cuview TV". */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo" aria-label="cuview TV">
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--accent)" />
        <path d="M25 18l22 14-22 14z" fill="#0b0d12" />
      </svg>
      {!compact && (
        <span className="logo__text" aria-hidden="true">
          cuview<b>TV</b>
        </span>
      )}
    </span>
  );
}
