/**
 * Ring button: animates while the analysis runs (with STOP); ANALYZE when both the
 * watermark and the footprint processing have ended.
 */
export function AnalysisRing({
  running,
  onAnalyze,
  onStop,
  disabled,
}: {
  running: boolean;
  onAnalyze: () => void;
  onStop: () => void;
  disabled?: boolean;
}) {
  return (
    <div className={`analysis-ring${running ? ' is-running' : ''}`}>
      <svg className="analysis-ring__svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle cx="50" cy="50" r="44" className="analysis-ring__track" />
        <circle cx="50" cy="50" r="44" className="analysis-ring__arc" />
      </svg>
      {running ? (
        <button type="button" className="analysis-ring__button" onClick={onStop} aria-label="Stop analysis">
          STOP
        </button>
      ) : (
        <button
          type="button"
          className="analysis-ring__button"
          onClick={onAnalyze}
          disabled={disabled}
          aria-label="Analyze the playing moment"
        >
          ANALYZE
        </button>
      )}
      <span className="visually-hidden" role="status">
        {running ? 'Analysing…' : ''}
      </span>
    </div>
  );
}
