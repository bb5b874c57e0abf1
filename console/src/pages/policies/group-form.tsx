import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { GROUPS, type PolicyRow } from './policy-types.js';
import { SelectField } from './select-field.js';

/** The inventory group the policy is filed under (no new version; `POST /policies/{id}/group`). */
export function GroupForm({ policy }: { policy: PolicyRow }) {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState(policy.group ?? '');
  const [error, setError] = useState<unknown>(null);
  if (!can(me.data, 'policies:write')) return null;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await call(
        api.POST('/api/v1/policies/{id}/group', {
          params: { path: { id: policy.id } },
          body: { group: group || null },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
    } catch (e) {
      setError(e);
    }
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('pol.groupForm')}>
      {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
      <SelectField
        label={t('pol.f.group')}
        list="group"
        values={GROUPS}
        empty={t('admin.none')}
        value={group}
        onValue={setGroup}
      />
      <div className="actions">
        <button type="submit" className="secondary">
          {t('pol.groupForm')}
        </button>
      </div>
    </form>
  );
}
