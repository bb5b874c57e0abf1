import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { ColumnHeads } from '../../ui/column-heads.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { ListStatus, SecretPageHead, SecretShownOnce, useSecretListing } from '../../ui/secret-shown-once.js';
import { ApiTokenForm } from './api-token-form.js';

/** `/api-tokens`: the person's tokens (every token with users:write), make one (shown once), revoke. */
export function ApiTokensPage() {
  const t = useT();
  const me = useMe();
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const { list, note, fresh, changed } = useSecretListing('api-tokens', () =>
    call(api.GET('/api/v1/api-tokens')),
  );
  const prefs = me.data;

  async function revoke(id: string) {
    await call(api.POST('/api/v1/api-tokens/{id}/revoke', { params: { path: { id } } }));
    changed(t('apiTokens.revoked'));
  }

  return (
    <>
      <SecretPageHead title={t('apiTokens.title')} intro={t('apiTokens.intro')} note={note} />
      {fresh.secret ? (
        <SecretShownOnce
          headingId="fresh-api-token"
          label={t('tokens.token')}
          notice={t('apiTokens.once')}
          secret={fresh.secret}
          onDone={fresh.done}
        />
      ) : (
        <ApiTokenForm permissions={me.data?.permissions ?? []} onCreated={fresh.created} />
      )}
      <ListStatus list={list} empty={t('apiTokens.empty')} />
      {list.data && list.data.items.length > 0 && (
        <table className="admin api-tokens" aria-label={t('apiTokens.title')}>
          <ColumnHeads
            labels={[
              t('apiTokens.col.name'),
              t('apiTokens.col.scopes'),
              t('apiTokens.col.created'),
              t('apiTokens.col.lastUsed'),
              t('apiTokens.col.expires'),
              t('apiTokens.col.state'),
              t('admin.actions'),
            ]}
          />
          <tbody>
            {list.data.items.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td>{row.scopes.join(', ')}</td>
                <td>{formatDateTime(row.created_at, prefs)}</td>
                <td>{row.last_used_at ? formatDateTime(row.last_used_at, prefs) : t('admin.never')}</td>
                <td>{row.expires_at ? formatDateTime(row.expires_at, prefs) : t('admin.never')}</td>
                <td>
                  {row.revoked_at
                    ? t('apiTokens.revokedOn', { date: formatDateTime(row.revoked_at, prefs) })
                    : t('apiTokens.active')}
                </td>
                <td>
                  {!row.revoked_at && (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setRevoking({ id: row.id, name: row.name })}
                    >
                      {t('apiTokens.revoke')}
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
          title={t('apiTokens.revoke')}
          confirmLabel={t('apiTokens.revoke')}
          onConfirm={() => revoke(revoking.id)}
          onClose={() => setRevoking(null)}
        >
          <p>{t('apiTokens.revokeConfirm', { name: revoking.name })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
