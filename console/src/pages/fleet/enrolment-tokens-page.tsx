import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import type { MessageKey } from '../../i18n/en.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { InstallCommands } from './install-commands.js';
import { TokenForm } from './token-form.js';

/** `/enrolment-tokens`: list, make (the secret shown once with install commands), revoke. */
export function EnrolmentTokensPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; prefix: string } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['enrollment-tokens'],
    queryFn: () => call(api.GET('/api/v1/enrollment-tokens')),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['enrollment-tokens'] });

  async function revoke(id: string, reason: string) {
    await call(
      api.POST('/api/v1/enrollment-tokens/{id}/revoke', { params: { path: { id } }, body: { reason } }),
    );
    setNote(t('tokens.revoked'));
    refresh();
  }

  return (
    <>
      <h1>{t('tokens.title')}</h1>
      <p>{t('tokens.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {fresh ? (
        <InstallCommands token={fresh} onDone={() => setFresh(null)} />
      ) : (
        <TokenForm
          onCreated={(token) => {
            setNote(null);
            setFresh(token);
            refresh();
          }}
        />
      )}
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && list.data.items.length === 0 && <p>{t('tokens.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <table className="admin tokens" aria-label={t('tokens.title')}>
          <thead>
            <tr>
              <th scope="col">{t('tokens.col.prefix')}</th>
              <th scope="col">{t('tokens.col.group')}</th>
              <th scope="col">{t('tokens.col.uses')}</th>
              <th scope="col">{t('tokens.col.state')}</th>
              <th scope="col">{t('tokens.col.expires')}</th>
              <th scope="col">{t('tokens.col.created')}</th>
              <th scope="col">{t('admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((row) => (
              <tr key={row.id}>
                <td>
                  <code>{row.prefix}…</code>
                </td>
                <td>{row.agent_group ?? t('admin.none')}</td>
                <td>{t('tokens.uses', { uses: row.uses, max: row.max_uses })}</td>
                <td>{t(`tokenState.${row.state}` as MessageKey)}</td>
                <td>{formatDateTime(row.expires_at, me.data)}</td>
                <td>{formatDateTime(row.created_at, me.data)}</td>
                <td>
                  {row.state === 'live' && (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('tokens.revokeTitle', { prefix: row.prefix })}
                      onClick={() => setRevoking({ id: row.id, prefix: row.prefix })}
                    >
                      {t('tokens.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('tokens.revokeTitle', { prefix: revoking.prefix })}
          confirmLabel={t('tokens.revoke')}
          withReason
          onConfirm={(reason) => revoke(revoking.id, reason)}
          onClose={() => setRevoking(null)}
        />
      )}
    </>
  );
}
