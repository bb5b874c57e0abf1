import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import type { MessageKey } from '../../i18n/en.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { ColumnHeads } from '../../ui/column-heads.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { ListStatus, SecretPageHead, useSecretListing } from '../../ui/secret-shown-once.js';
import { InstallCommands } from './install-commands.js';
import { TokenForm } from './token-form.js';

/** `/enrolment-tokens`: list, make (the secret shown once with install commands), revoke. */
export function EnrollmentTokensPage() {
  const t = useT();
  const me = useMe();
  const [revoking, setRevoking] = useState<{ id: string; prefix: string } | null>(null);
  const { list, note, fresh, changed } = useSecretListing('enrollment-tokens', () =>
    call(api.GET('/api/v1/enrollment-tokens')),
  );

  async function revoke(id: string, reason: string) {
    await call(
      api.POST('/api/v1/enrollment-tokens/{id}/revoke', { params: { path: { id } }, body: { reason } }),
    );
    changed(t('tokens.revoked'));
  }

  return (
    <>
      <SecretPageHead title={t('tokens.title')} intro={t('tokens.intro')} note={note} />
      {fresh.secret ? (
        <InstallCommands token={fresh.secret} onDone={fresh.done} />
      ) : (
        <TokenForm onCreated={fresh.created} />
      )}
      <ListStatus list={list} empty={t('tokens.empty')} />
      {list.data && list.data.items.length > 0 && (
        <table className="admin tokens" aria-label={t('tokens.title')}>
          <ColumnHeads
            labels={[
              t('tokens.col.prefix'),
              t('tokens.col.group'),
              t('tokens.col.uses'),
              t('tokens.col.state'),
              t('tokens.col.expires'),
              t('tokens.col.created'),
              t('admin.actions'),
            ]}
          />
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
