import { useNavigate } from 'react-router';
import { IconBack } from './icons';

/** Back arrow of every list screen: history back, or a fallback route on a fresh tab. */
export function BackArrow({ fallback = '/' }: { fallback?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="icon-button back-arrow"
      aria-label="Back"
      onClick={() => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) void navigate(-1);
        else void navigate(fallback);
      }}
    >
      <IconBack />
    </button>
  );
}
