import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { InviteForm } from './invite-form.js';
import { UsersTable } from './users-table.js';

/** `/users`: the directory with invite, disable / enable and unlock (users:write). */
export function UsersPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const users = useQuery({ queryKey: ['users'], queryFn: () => call(api.GET('/api/v1/users')) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['users'] });

  return (
    <>
      <h1>{t('users.title')}</h1>
      <InviteForm onInvited={refresh} />
      {note && <Alert kind="info">{note}</Alert>}
      {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
      {users.isError && <Alert kind="error">{messageOf(users.error)}</Alert>}
      {users.data && users.data.items.length === 0 && <p>{t('users.empty')}</p>}
      {users.data && users.data.items.length > 0 && (
        <UsersTable
          rows={users.data.items}
          prefs={me.data}
          selfId={me.data?.user_id ?? ''}
          onDone={(text) => {
            setError(null);
            setNote(text);
            refresh();
          }}
          onError={(e) => {
            setNote(null);
            setError(e);
          }}
        />
      )}
    </>
  );
}
