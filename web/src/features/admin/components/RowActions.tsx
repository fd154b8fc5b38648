import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { IconTrash } from '@/components/ui/icons';

/**
 * A list row's actions: Edit (a link to the editor, or a button that opens a panel), the
 * row's own actions, then Delete once `confirm` is accepted. Clicks stay inside: a row that
 * opens its editor on click does not open it too.
 */
export function RowActions({
  name,
  edit,
  onDelete,
  confirm,
  deleteLabel = `Delete ${name}`,
  iconSize = 18,
  children,
}: {
  /** The item's title, in the buttons' accessible names. */
  name: string;
  edit?: string | (() => void);
  onDelete?: () => void;
  confirm?: string;
  deleteLabel?: string;
  iconSize?: number;
  children?: ReactNode;
}) {
  return (
    <div className="row-actions">
      {typeof edit === 'string' ? (
        <Link to={edit} className="button button--ghost button--small" aria-label={`Edit ${name}`} onClick={stop}>
          Edit
        </Link>
      ) : edit ? (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Edit ${name}`}
          onClick={(e) => {
            stop(e);
            edit();
          }}
        >
          Edit
        </button>
      ) : null}
      {children}
      {onDelete && (
        <button
          type="button"
          className="icon-button"
          aria-label={deleteLabel}
          onClick={(e) => {
            stop(e);
            if (confirm && !window.confirm(confirm)) return;
            onDelete();
          }}
        >
          <IconTrash size={iconSize} />
        </button>
      )}
    </div>
  );
}

function stop(e: MouseEvent) {
  e.stopPropagation();
}
