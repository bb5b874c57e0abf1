import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';

const LIMIT = 50;

interface Target {
  userId: string;
  publicId: string;
  who: string;
}

/**
 * `/sessions` (users:write): every live console session of the organisation, most recent use
 * first as the server orders them, with revoke. The person's own sessions are refused by the
 * server (409: they sign out instead); the session in use here has no button at all.
 */
export function SessionsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Target | null>(null);
  const list = useQuery({
    queryKey: ['sessions', offset],
    queryFn: () => call(api.GET('/api/v1/users/sessions', { params: { query: { limit: LIMIT, offset } } })),
  });

  async function revoke(target: Target) {
    await call(
      api.POST('/api/v1/users/{id}/sessions/{public_id}/revoke', {
        params: { path: { id: target.userId, public_id: target.publicId } },
      }),
    );
    setNote(t('sessions.revoked', { who: target.who }));
    void queryClient.invalidateQueries({ queryKey: ['sessions'] });
  }

  return (
    <>
      <h1>{t('sessions.title')}</h1>
      <p>{t('sessions.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && (
        <>
          <table className="admin" aria-label={t('sessions.title')}>
            <thead>
              <tr>
                <th scope="col">{t('sessions.col.person')}</th>
                <th scope="col">{t('sessions.col.role')}</th>
                <th scope="col">{t('sessions.col.lastActivity')}</th>
                <th scope="col">{t('sessions.col.ip')}</th>
                <th scope="col">{t('sessions.col.browser')}</th>
                <th scope="col">{t('admin.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((row) => {
                const who = row.display_name ? `${row.display_name} (${row.email})` : row.email;
                return (
                  <tr key={row.public_id}>
                    <td>{who}</td>
                    <td>{row.role}</td>
                    <td>
                      {row.last_activity_at
                        ? formatDateTime(row.last_activity_at, me.data)
                        : t('admin.never')}
                    </td>
                    <td>{row.source_ip ?? t('admin.none')}</td>
                    <td>{row.browser ?? t('admin.none')}</td>
                    <td>
                      {row.current_session ? (
                        t('sessions.current')
                      ) : (
                        <button
                          type="button"
                          className="secondary"
                          aria-label={t('sessions.revokeOf', { who })}
                          onClick={() => setRevoking({ userId: row.user_id, publicId: row.public_id, who })}
                        >
                          {t('sessions.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager offset={offset} limit={LIMIT} total={list.data.total} onOffset={setOffset} />
        </>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('sessions.revokeOf', { who: revoking.who })}
          confirmLabel={t('sessions.revoke')}
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>{t('sessions.revokeConfirm', { who: revoking.who })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
