import { Modal } from '@/components/ui/Modal';
import { PLAYER_KEYS } from './player-keys';

/** The "?" dialog: every key of the player and what it does. */
export function KeysDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} className="keys-dialog">
      <table className="keys-dialog__table">
        <caption className="visually-hidden">Keys of the player</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {PLAYER_KEYS.map((k) => (
            <tr key={k.label}>
              <td>
                {k.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' or '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{k.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted keys-dialog__note">The keys work anywhere on the page except while typing in a field.</p>
    </Modal>
  );
}
