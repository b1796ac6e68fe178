/**
 * A confirmation before a change that cannot be undone (delete, cancel, revoke): the native <dialog>
 * (modal, focus kept inside, Escape closes), labelled by its title.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, danger, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="actions">
        <button type="button" className={danger ? 'danger' : undefined} disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
        <button type="button" className="secondary" onClick={onClose}>{t('actions.cancel')}</button>
      </div>
    </dialog>
  );
}
