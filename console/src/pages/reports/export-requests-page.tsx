import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { requestStateKey } from './report-types.js';

/** `/reports/export-requests`: report exports waiting for a second person, and their outcome. */
export function ExportRequestsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['report-export-requests', 'all'],
    queryFn: () => call(api.GET('/api/v1/reports/export-requests')),
  });

  async function decide(id: string, decision: 'approve' | 'reject' | 'withdraw') {
    setError(null);
    const path = `/api/v1/reports/export-requests/{id}/${decision}` as const;
    try {
      await call(api.POST(path, { params: { path: { id } } }));
      await queryClient.invalidateQueries({ queryKey: ['report-export-requests'] });
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <>
      <h1>{t('requests.title')}</h1>
      {(list.isError || error) && <Alert kind="error">{error ?? messageOf(list.error)}</Alert>}
      {list.data &&
        (list.data.items.length === 0 ? (
          <p>{t('requests.empty')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('requests.col.report')}</th>
                <th scope="col">{t('requests.col.asker')}</th>
                <th scope="col">{t('requests.col.reason')}</th>
                <th scope="col">{t('requests.col.rows')}</th>
                <th scope="col">{t('requests.col.format')}</th>
                <th scope="col">{t('requests.col.state')}</th>
                <th scope="col">{t('reports.col.updated')}</th>
                <th scope="col">{t('requests.approve')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((r) => (
                <tr key={r.id}>
                  <td>{r.report_name ?? '—'}</td>
                  <td>{r.requested_by_email ?? '—'}</td>
                  <td>{r.reason}</td>
                  <td>{r.rows}</td>
                  <td>{r.format}</td>
                  <td>{t(requestStateKey(r.state))}</td>
                  <td>{formatDateTime(r.decided_at ?? r.created_at, me.data)}</td>
                  <td>
                    {r.state === 'pending' &&
                      (r.mine ? (
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => void decide(r.id, 'withdraw')}
                        >
                          {t('requests.withdraw')}
                        </button>
                      ) : (
                        <>
                          <button type="button" onClick={() => void decide(r.id, 'approve')}>
                            {t('requests.approve')}
                          </button>{' '}
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => void decide(r.id, 'reject')}
                          >
                            {t('requests.reject')}
                          </button>
                        </>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}
