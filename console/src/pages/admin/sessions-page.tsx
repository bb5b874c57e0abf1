import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';

const LIMIT = 50;

/** `/sessions`: every live browser session of the organisation (users:write); end one. */
export function SessionsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [ending, setEnding] = useState<{ userId: string; publicId: string; name: string } | null>(null);
  const list = useQuery({
    queryKey: ['tenant-sessions'],
    queryFn: () =>
      call(api.GET('/api/v1/users/sessions', { params: { query: { limit: LIMIT, offset: 0 } } })),
  });

  async function end(userId: string, publicId: string) {
    await call(
      api.POST('/api/v1/users/{id}/sessions/{public_id}/revoke', {
        params: { path: { id: userId, public_id: publicId } },
      }),
    );
    setNote(t('sessions.revoked'));
    void queryClient.invalidateQueries({ queryKey: ['tenant-sessions'] });
  }

  return (
    <>
      <h1>{t('sessions.title')}</h1>
      <p>{t('sessions.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && list.data.items.length === 0 && <p>{t('sessions.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <table className="admin sessions" aria-label={t('sessions.title')}>
          <thead>
            <tr>
              <th scope="col">{t('sessions.col.person')}</th>
              <th scope="col">{t('sessions.col.role')}</th>
              <th scope="col">{t('sessions.col.source')}</th>
              <th scope="col">{t('sessions.col.lastActivity')}</th>
              <th scope="col">{t('sessions.col.address')}</th>
              <th scope="col">{t('sessions.col.browser')}</th>
              <th scope="col">{t('admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((s) => (
              <tr key={s.public_id}>
                <td>
                  {s.display_name ?? s.email}
                  {s.display_name && <div>{s.email}</div>}
                </td>
                <td>{s.role}</td>
                <td>{s.identity_source ?? '—'}</td>
                <td>{s.last_activity_at ? formatDateTime(s.last_activity_at, me.data) : '—'}</td>
                <td>{s.source_ip ?? '—'}</td>
                <td>{s.browser ?? '—'}</td>
                <td>
                  {s.current_session || s.user_id === me.data?.user_id ? (
                    t('sessions.current')
                  ) : (
                    <button
                      type="button"
                      onClick={() =>
                        setEnding({
                          userId: s.user_id,
                          publicId: s.public_id,
                          name: s.display_name ?? s.email,
                        })
                      }
                    >
                      {t('sessions.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ending && (
        <ConfirmDialog
          title={t('sessions.revokeTitle', { name: ending.name })}
          confirmLabel={t('sessions.revoke')}
          onConfirm={() => end(ending.userId, ending.publicId)}
          onClose={() => setEnding(null)}
        />
      )}
    </>
  );
}
