import type { Status } from '../types';

/**
 * The access on/off switch of every admin form (spec §4: local until Save). The visible text
 * names the state ("Access Off" / "Access On" unless told otherwise).
 */
export function AccessSwitch({
  value,
  onChange,
  label = 'Access',
  onText = 'Access On',
  offText = 'Access Off',
}: {
  value: Status;
  onChange: (value: Status) => void;
  label?: string;
  onText?: string;
  offText?: string;
}) {
  const on = value === 1;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className={`switch${on ? ' is-on' : ''}`}
      onClick={() => onChange(on ? 0 : 1)}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__text">{on ? onText : offText}</span>
    </button>
  );
}

/** ON / OFF text of a status column (spec §2: ON when status is truthy). */
export function StatusBadge({ status }: { status: number }) {
  return <span className={`status-badge${status ? ' is-on' : ''}`}>{status ? 'ON' : 'OFF'}</span>;
}
