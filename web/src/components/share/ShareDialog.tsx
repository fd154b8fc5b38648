import { Modal } from '@/components/ui/Modal';
import { IconCopy } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import { COPY_TOAST_MS } from '@/lib/constants';
import { playerUrl, shareImageUrl, sharePageUrl, SOCIAL_NETWORKS, type ShareTarget } from './share-links';

/** Hook for "copy link": copies the player address and shows "Copied To Clipboard" for 2 s. */
export function useCopyLink() {
  const toast = useToast();
  return async (target: ShareTarget) => {
    try {
      await copyText(playerUrl(target));
      toast.show('Copied To Clipboard', COPY_TOAST_MS);
    } catch {
      toast.show('Something went wrong, please try again');
    }
  };
}

export function ShareToolbar({ target }: { target: ShareTarget }) {
  const copy = useCopyLink();
  const post = { url: sharePageUrl(target), title: target.title ?? 'cuview TV', media: shareImageUrl(target) };
  return (
    <div className="share-toolbar" role="group" aria-label="Share">
      {SOCIAL_NETWORKS.map((n) => (
        <a key={n.name} className="share-toolbar__link" href={n.href(post)} target="_blank" rel="noopener noreferrer">
          {n.name}
        </a>
      ))}
      <button type="button" className="button button--ghost" onClick={() => void copy(target)}>
        <IconCopy size={16} /> Copy link
      </button>
    </div>
  );
}

export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  return (
    <Modal title={target.title ? `Share “${target.title}”` : 'Share'} onClose={onClose} className="share-dialog">
      <ShareToolbar target={target} />
    </Modal>
  );
}
