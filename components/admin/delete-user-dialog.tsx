'use client';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { buttonClass, dangerButtonClass } from '@/components/ui/styles';
import type { AdminUser } from '@/lib/admin/schemas';
import { useDeleteUser } from '@/lib/queries/admin-actions';

/** "Delete user and data?", naming the user; nothing happens until its button is pressed. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const remove = useDeleteUser();
  return (
    <ModalDialog
      title={`Delete ${user.email}?`}
      widthClass="w-[min(30rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      {(close) => (
        <>
          <p className="text-sm">
            This deletes the account <strong className="break-all">{user.email}</strong> and all its
            data: conversations, files, shared links, assistants and sessions. It cannot be undone.
            Its past usage stays in the totals, counted as a deleted account.
          </p>
          {remove.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {remove.error.message}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass} onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className={dangerButtonClass}
              disabled={remove.isPending}
              onClick={() => remove.mutate(user.id, { onSuccess: close })}
            >
              {remove.isPending ? 'Deleting…' : 'Delete user and data'}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
