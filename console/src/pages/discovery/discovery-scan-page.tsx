import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { ReasonForm } from '../../ui/reason-form.js';
import { ScanFindings } from './scan-findings.js';

/** `/discovery-scans/$id`: one run, its endpoints, its findings; re-run and cancel. */
export function DiscoveryScanPage() {
  const t = useT();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id } = useParams({ from: '/signed-in/discovery-scans/$id' });
  const [error, setError] = useState<string | null>(null);
  const scan = useQuery({
    queryKey: ['discovery-scan', id],
    queryFn: () => call(api.GET('/api/v1/discovery-scans/{id}', { params: { path: { id } } })),
    // While endpoints work, the page follows them.
    refetchInterval: (q) =>
      q.state.data && ['queued', 'running'].includes(q.state.data.status) ? 5_000 : false,
  });
  const s = scan.data;
  const operator = can(me.data, 'agents:write');

  async function rerun() {
    setError(null);
    try {
      const next = await call(api.POST('/api/v1/discovery-scans/{id}/rerun', { params: { path: { id } } }));
      await queryClient.invalidateQueries({ queryKey: ['discovery-scans'] });
      await navigate({ to: '/discovery-scans/$id', params: { id: next.id } });
    } catch (e) {
      setError(messageOf(e));
    }
  }

  async function cancel(reason: string) {
    setError(null);
    try {
      await call(
        api.POST('/api/v1/discovery-scans/{id}/cancel', { params: { path: { id } }, body: { reason } }),
      );
      await queryClient.invalidateQueries({ queryKey: ['discovery-scan', id] });
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <>
      <p>
        <Link to="/discovery-scans">{t('dscan.back')}</Link>
      </p>
      {scan.isError && <Alert kind="error">{messageOf(scan.error)}</Alert>}
      {s && (
        <>
          <h1>
            {s.reference} · {s.name}
          </h1>
          <dl className="facts">
            <dt>{t('dscan.col.status')}</dt>
            <dd data-status={s.status}>{t(`dscan.status.${s.status}` as MessageKey)}</dd>
            <dt>{t('dscan.col.created')}</dt>
            <dd>{formatDateTime(s.created_at, me.data)}</dd>
            {s.repeat_every_hours !== null && (
              <>
                <dt>{t('dscan.repeat')}</dt>
                <dd>{t('dscan.repeats', { hours: s.repeat_every_hours })}</dd>
              </>
            )}
            {s.previous_run_id && (
              <>
                <dt>{t('dscan.previous')}</dt>
                <dd>
                  <Link to="/discovery-scans/$id" params={{ id: s.previous_run_id }}>
                    {t('dscan.previous')}
                  </Link>
                </dd>
              </>
            )}
            <dt>{t('dscan.findings')}</dt>
            <dd>{t('dscan.summary', { total: s.findings.total, exposed: s.findings.exposed })}</dd>
          </dl>
          <section aria-labelledby="scan-endpoints">
            <h2 id="scan-endpoints">{t('dscan.endpointRuns')}</h2>
            <table data-table="scan-endpoints">
              <thead>
                <tr>
                  <th scope="col">{t('dscan.col.host')}</th>
                  <th scope="col">{t('dscan.col.status')}</th>
                  <th scope="col">{t('dscan.col.filesSeen')}</th>
                  <th scope="col">{t('dscan.col.filesRead')}</th>
                  <th scope="col">{t('dscan.col.bytesRead')}</th>
                  <th scope="col">{t('dscan.col.findings')}</th>
                  <th scope="col">{t('dscan.col.skipped')}</th>
                  <th scope="col">{t('dscan.col.error')}</th>
                </tr>
              </thead>
              <tbody>
                {s.endpoint_runs.map((r) => (
                  <tr key={r.agent_id}>
                    <td>{r.hostname ?? r.agent_id}</td>
                    <td>{t(`dscan.status.${r.status}` as MessageKey)}</td>
                    <td>{r.files_seen}</td>
                    <td>{r.files_read}</td>
                    <td>{r.bytes_read}</td>
                    <td>{r.findings}</td>
                    <td>{r.skipped_paths.join(', ') || '—'}</td>
                    <td>{r.error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <ScanFindings
            scanId={id}
            hosts={new Map(s.endpoint_runs.map((r) => [r.agent_id, r.hostname ?? r.agent_id]))}
          />
          {error && <Alert kind="error">{error}</Alert>}
          {operator && (s.status === 'completed' || s.status === 'cancelled') && (
            <div className="actions">
              <button type="button" onClick={() => void rerun()}>
                {t('dscan.rerun')}
              </button>
            </div>
          )}
          {operator && (s.status === 'queued' || s.status === 'running') && (
            <ReasonForm
              label={t('dscan.cancelReason')}
              submit={t('dscan.cancel')}
              secondary
              onSubmit={cancel}
            />
          )}
        </>
      )}
    </>
  );
}
