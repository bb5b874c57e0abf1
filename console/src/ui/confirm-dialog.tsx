import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/index.js';
import { Alert } from './alert.js';
import { fieldErrorOf, messageOf } from './errors.js';
import { Field } from './field.js';
import { showAsModal, useSubmit } from './use-submit.js';

interface ConfirmProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Ask for the reason the API requires (kept in the audit log). */
  withReason?: boolean;
  /** Runs the action; a thrown error is shown in the dialog (a 422 on `reason` on the field). */
  onConfirm(reason: string): Promise<void>;
  onClose(): void;
}

/** A modal confirmation for a change that cannot be undone. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  withReason,
  onConfirm,
  onClose,
}: ConfirmProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const { error, busy, submit } = useSubmit(async () => {
    await onConfirm(reason);
    onClose();
  });

  const reasonError = fieldErrorOf(error, 'reason');
  return (
    <dialog ref={showAsModal} aria-labelledby="confirm-title" onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="confirm-title">{title}</h2>
        {children}
        {error !== null && !reasonError && <Alert kind="error">{messageOf(error)}</Alert>}
        {withReason && (
          <Field
            label={t('admin.reason')}
            hint={t('admin.reasonHint')}
            required
            minLength={5}
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
        <div className="actions">
          <button type="submit" className="danger" disabled={busy}>
            {confirmLabel}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
