import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';
import { ExportPanel } from './export-panel.js';
import { kindKey, REPORT_PAGE, type Run } from './report-types.js';
import { SchedulesPanel } from './schedules-panel.js';

type Item = Run['items'][number];
type Incident = Extract<Item, { reference: string }>;
type Figure = Extract<Item, { group: string }>;

/** `/reports/$id`: one report run with its summary, paged, and its exports. */
export function ReportRunPage() {
  const t = useT();
  const me = useMe();
  const { id } = useParams({ from: '/signed-in/reports/$id' });
  const [offset, setOffset] = useState(0);
  const reports = useQuery({ queryKey: ['reports'], queryFn: () => call(api.GET('/api/v1/reports')) });
  const report = reports.data?.items.find((r) => r.id === id);
  const run = useQuery({
    queryKey: ['report-run', id, offset],
    queryFn: () =>
      call(
        api.GET('/api/v1/reports/{id}/run', {
          params: { path: { id }, query: { page_size: REPORT_PAGE, offset } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const d = run.data;
  return (
    <>
      <p>
        <Link to="/reports">{t('report.back')}</Link>
      </p>
      <h1>{report ? `${report.name} · ${t(kindKey(report.kind))}` : t('reports.title')}</h1>
      {run.isError && <Alert kind="error">{messageOf(run.error)}</Alert>}
      {d && (
        <>
          <p role="status" className="count">
            {t('report.summary', { rows: d.summary.rows, total: d.total })}
          </p>
          {d.truncated && <p>{t('report.truncated', { cap: d.cap })}</p>}
          {d.window.from && (
            <p>
              {t('report.window', {
                from: formatDateTime(d.window.from, me.data),
                to: formatDateTime(d.window.to, me.data),
              })}
            </p>
          )}
          <dl className="facts">
            <dt>{t('report.bySeverity')}</dt>
            <dd>
              {Object.entries(d.summary.by_severity)
                .map(([k, n]) => `${t(`severity.${k}` as MessageKey)}: ${n}`)
                .join(' · ')}
            </dd>
            <dt>{t('report.byStatus')}</dt>
            <dd>
              {Object.entries(d.summary.by_status)
                .map(([k, n]) => `${t(`status.${k}` as MessageKey)}: ${n}`)
                .join(' · ')}
            </dd>
          </dl>
          {d.items.length === 0 ? (
            <p>{t('report.noRows')}</p>
          ) : d.kind === 'list' ? (
            <IncidentTable items={d.items as Incident[]} />
          ) : (
            <FigureTable items={d.items as Figure[]} />
          )}
          {d.kind === 'list' && (
            <Pager offset={offset} limit={REPORT_PAGE} total={d.summary.rows} onOffset={setOffset} />
          )}
        </>
      )}
      {can(me.data, 'incidents:export') && <ExportPanel reportId={id} />}
      {can(me.data, 'reports:schedule') && <SchedulesPanel reportId={id} />}
    </>
  );
}

function IncidentTable({ items }: { items: Incident[] }) {
  const t = useT();
  const me = useMe();
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('report.col.reference')}</th>
          <th scope="col">{t('report.col.title')}</th>
          <th scope="col">{t('report.col.severity')}</th>
          <th scope="col">{t('report.col.status')}</th>
          <th scope="col">{t('report.col.channel')}</th>
          <th scope="col">{t('report.col.user')}</th>
          <th scope="col">{t('report.col.lastSeen')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.id}>
            <td>
              <Link to="/incidents/$id" params={{ id: i.id }}>
                {i.reference}
              </Link>
            </td>
            <td>{i.title}</td>
            <td>{t(`severity.${i.severity}` as MessageKey)}</td>
            <td>{t(`status.${i.status}` as MessageKey)}</td>
            <td>{i.channel}</td>
            <td>{i.username ?? '—'}</td>
            <td>{formatDateTime(i.last_seen_at, me.data)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FigureTable({ items }: { items: Figure[] }) {
  const t = useT();
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('report.col.group')}</th>
          <th scope="col">{t('report.col.incidents')}</th>
          <th scope="col">{t('report.col.open')}</th>
          <th scope="col">{t('report.col.blocked')}</th>
          <th scope="col">{t('report.col.responseMet')}</th>
          <th scope="col">{t('report.col.responseMissed')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((f) => (
          <tr key={f.group}>
            <td>{f.label}</td>
            <td>{f.incidents}</td>
            <td>{f.open}</td>
            <td>{f.blocked}</td>
            <td>{f.response_met}</td>
            <td>{f.response_missed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
