import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { CopyText } from '../../ui/copy-text.js';
import { messageOf } from '../../ui/errors.js';
import { ApiTokenForm } from './api-token-form.js';

/** `/api-tokens`: the person's tokens (every token with users:write), make one (shown once), revoke. */
export function ApiTokensPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const list = useQuery({ queryKey: ['api-tokens'], queryFn: () => call(api.GET('/api/v1/api-tokens')) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  const prefs = me.data;

  async function revoke(id: string) {
    await call(api.POST('/api/v1/api-tokens/{id}/revoke', { params: { path: { id } } }));
    setNote(t('apiTokens.revoked'));
    refresh();
  }

  return (
    <>
      <h1>{t('apiTokens.title')}</h1>
      <p>{t('apiTokens.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {fresh ? (
        <section className="admin-form" aria-labelledby="fresh-api-token">
          <h2 id="fresh-api-token">{t('tokens.token')}</h2>
          <p role="status">{t('apiTokens.once')}</p>
          <CopyText label={t('tokens.token')} text={fresh} />
          <button type="button" onClick={() => setFresh(null)}>
            {t('admin.done')}
          </button>
        </section>
      ) : (
        <ApiTokenForm
          permissions={me.data?.permissions ?? []}
          onCreated={(token) => {
            setNote(null);
            setFresh(token);
            refresh();
          }}
        />
      )}
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && list.data.items.length === 0 && <p>{t('apiTokens.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <table className="admin api-tokens" aria-label={t('apiTokens.title')}>
          <thead>
            <tr>
              <th scope="col">{t('apiTokens.col.name')}</th>
              <th scope="col">{t('apiTokens.col.scopes')}</th>
              <th scope="col">{t('apiTokens.col.created')}</th>
              <th scope="col">{t('apiTokens.col.lastUsed')}</th>
              <th scope="col">{t('apiTokens.col.expires')}</th>
              <th scope="col">{t('apiTokens.col.state')}</th>
              <th scope="col">{t('admin.actions')}</th>
            </tr>
          </thead>
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
