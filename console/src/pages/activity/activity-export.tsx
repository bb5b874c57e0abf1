import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { ReasonForm } from '../../ui/reason-form.js';
import type { ActivityFilters } from './activity-filters.js';

interface ErrorBody {
  code?: string;
  message?: string;
  details?: { field: string; message: string }[];
}

/**
 * `POST /activity-events/export` with the filters in force (docs/activity-explorer.md): the CSV is
 * fetched once (an export is counted and audited) and offered as a link. Above the threshold the
 * panel asks for approval (`/activity-events/export-requests`) and exports with it once approved.
 */
export function ActivityExport({ filters }: { filters: ActivityFilters }) {
  const t = useT();
  const [ready, setReady] = useState<{ reference: string; url: string } | null>(null);
  const [needs, setNeeds] = useState<{ rows: string; threshold: string } | null>(null);
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approvals = useQuery({
    queryKey: ['report-export-requests', 'approved'],
    queryFn: () =>
      call(api.GET('/api/v1/reports/export-requests', { params: { query: { state: 'approved' } } })),
    enabled: needs !== null,
  });
  const approval = approvals.data?.items.find(
    (r) => r.mine && r.report_id === 'activity-events' && r.used_at === null,
  );
  useEffect(() => () => (ready ? URL.revokeObjectURL(ready.url) : undefined), [ready]);

  async function exportCsv(approvalId?: string) {
    setError(null);
    setReady(null);
    const {
      data,
      error: failed,
      response,
    } = await api.POST('/api/v1/activity-events/export', {
      body: { ...filters, ...(approvalId ? { approval: approvalId } : {}) },
      parseAs: 'blob',
    });
    if (response.ok && data) {
      const reference = response.headers.get('x-svc-export-reference') ?? '';
      setNeeds(null);
      setAsked(false);
      setReady({ reference, url: URL.createObjectURL(data as unknown as Blob) });
      return;
    }
    const body = (failed ?? null) as ErrorBody | null;
    if (body?.code === 'report.export_approval_required') {
      const detail = (f: string) => body.details?.find((d) => d.field === f)?.message ?? '';
      setNeeds({ rows: detail('rows'), threshold: detail('threshold') });
      return;
    }
    setError(body?.message ?? response.statusText);
  }

  async function ask(reason: string) {
    setError(null);
    try {
      await call(api.POST('/api/v1/activity-events/export-requests', { body: { query: filters, reason } }));
      setAsked(true);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <section aria-labelledby="activity-export">
      <h2 id="activity-export">{t('activity.export')}</h2>
      <div className="actions">
        <button type="button" onClick={() => void exportCsv()}>
          {t('activity.export.csv')}
        </button>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {ready && (
        <Alert kind="info">
          {t('activity.export.ready', { reference: ready.reference })}{' '}
          <a href={ready.url} download={`activity-${ready.reference}.csv`}>
            {t('activity.export.save')}
          </a>
        </Alert>
      )}
      {needs && (
        <>
          <Alert kind="info">{t('activity.export.needsApproval', needs)}</Alert>
          {approval ? (
            <button type="button" onClick={() => void exportCsv(approval.id)}>
              {t('activity.export.useApproval')}
            </button>
          ) : asked ? (
            <p role="status">{t('activity.export.asked')}</p>
          ) : (
            <ReasonForm
              label={t('activity.export.reason')}
              submit={t('activity.export.ask')}
              onSubmit={ask}
            />
          )}
        </>
      )}
    </section>
  );
}
