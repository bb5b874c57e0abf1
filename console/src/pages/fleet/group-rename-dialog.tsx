import { useState } from 'react';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { showAsModal, useSubmit } from '../../ui/use-submit.js';

interface RenameProps {
  name: string;
  /** Sends the rename; a thrown error shows in the dialog (a 422 on `name` on the field). */
  onRename(name: string): Promise<void>;
  onClose(): void;
}

/** A modal asking for an endpoint group's new name. */
export function GroupRenameDialog({ name, onRename, onClose }: RenameProps) {
  const t = useT();
  const [value, setValue] = useState(name);
  const { error, busy, submit } = useSubmit(async () => {
    await onRename(value);
    onClose();
  });

  const nameError = fieldErrorOf(error, 'name');
  return (
    <dialog ref={showAsModal} aria-labelledby="rename-group-title" onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="rename-group-title">{t('groups.renameTitle', { name })}</h2>
        {error !== null && !nameError && <Alert kind="error">{messageOf(error)}</Alert>}
        <Field
          label={t('groups.newName')}
          hint={t('groups.nameHint')}
          required
          maxLength={200}
          value={value}
          error={nameError}
          onChange={(e) => setValue(e.target.value)}
        />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('groups.rename')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
