import type { ReactNode } from 'react';

/**
 * The numbered steps of a wizard (track wizard, add-banner wizard): the current one marked,
 * those not reached yet disabled, any reached one open to revisit.
 */
export function WizardSteps({
  steps,
  step,
  reached,
  onGo,
}: {
  steps: readonly string[];
  step: number;
  reached: readonly boolean[];
  onGo: (step: number) => void;
}) {
  return (
    <ol className="wizard__steps" aria-label="Steps">
      {steps.map((name, i) => (
        <li key={name}>
          <button
            type="button"
            className={`wizard__step${i === step ? ' is-current' : ''}`}
            aria-current={i === step ? 'step' : undefined}
            disabled={!reached[i]}
            onClick={() => onGo(i)}
          >
            {i + 1}. {name}
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * Back and Next under a wizard's step; without `onNext` (the last step) Next is not shown and
 * `children` (the last step's own buttons) take its place.
 */
export function WizardNav({
  onBack,
  onNext,
  nextDisabled = false,
  children,
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextDisabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="wizard__nav">
      <button type="button" className="button button--ghost" disabled={!onBack} onClick={onBack}>
        Back
      </button>
      {onNext ? (
        <button type="button" className="button button--ghost" disabled={nextDisabled} onClick={onNext}>
          Next
        </button>
      ) : (
        (children ?? <span />)
      )}
    </div>
  );
}
