'use client';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { buttonClass, dangerButtonClass, mutedTextClass } from '@/components/ui/styles';
import { useDeleteAccount } from '@/lib/queries/account';
import { ApiError } from '@/lib/queries/fetch-json';

/** Asks before deleting the account with every conversation and shared link. */
export function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const mutation = useDeleteAccount();
  return (
    <ModalDialog
      title="Delete my account and data"
      widthClass="w-[min(26rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      {(close) => (
        <>
          <p className={mutedTextClass}>
            This permanently deletes your account, every conversation in it and every link you
            shared (they stop working at once), and signs you out on every device. It cannot be
            undone.
          </p>
          {mutation.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {mutation.error instanceof ApiError
                ? mutation.error.message
                : 'Could not delete. Try again.'}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="button"
              className={dangerButtonClass}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {mutation.isPending ? 'Deleting…' : 'Delete account and data'}
            </button>
            <button type="button" className={buttonClass} onClick={close}>
              Cancel
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
