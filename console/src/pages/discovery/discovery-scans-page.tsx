import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';
import { ScanForm } from './scan-form.js';

const PAGE = 50;

/** `/discovery-scans`: the scans, newest first, and a form to start one (docs/discovery-scans.md). */
export function DiscoveryScansPage() {
  const t = useT();
  const me = useMe();
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: ['discovery-scans', offset],
    queryFn: () => call(api.GET('/api/v1/discovery-scans', { params: { query: { limit: PAGE, offset } } })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <h1>{t('dscan.title')}</h1>
      <p className="hint">{t('dscan.intro')}</p>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && list.data.items.length === 0 && <p>{t('dscan.none')}</p>}
      {list.data && list.data.items.length > 0 && (
        <>
          <table data-table="discovery-scans">
            <thead>
              <tr>
                <th scope="col">{t('dscan.col.reference')}</th>
                <th scope="col">{t('dscan.col.name')}</th>
                <th scope="col">{t('dscan.col.status')}</th>
                <th scope="col">{t('dscan.col.endpoints')}</th>
                <th scope="col">{t('dscan.col.created')}</th>
                <th scope="col">{t('dscan.col.finished')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to="/discovery-scans/$id" params={{ id: s.id }}>
                      {s.reference}
                    </Link>
                  </td>
                  <td>{s.name}</td>
                  <td>{t(`dscan.status.${s.status}` as MessageKey)}</td>
                  <td>
                    {s.endpoints_finished} / {s.endpoints}
                  </td>
                  <td>{formatDateTime(s.created_at, me.data)}</td>
                  <td>{s.finished_at ? formatDateTime(s.finished_at, me.data) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} limit={PAGE} total={list.data.total} onOffset={setOffset} />
        </>
      )}
      {can(me.data, 'agents:write') && <ScanForm />}
    </>
  );
}
