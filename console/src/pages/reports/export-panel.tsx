import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

type Format = 'csv' | 'print';

interface Ready {
  format: Format;
  reference: string;
  url: string;
  file: string;
}

interface NeedsApproval {
  format: Format;
  rows: string;
  threshold: string;
}

/**
 * Export CSV or the printable document (docs/reports.md, Export). The file is fetched once (an
 * export is counted and audited) and offered as a link. Above the tenant's threshold the server
 * answers 403 `report.export_approval_required`: the panel asks for approval with a reason, and
 * once someone else approved, exports with that approval (used once).
 */
export function ExportPanel({ reportId }: { reportId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState<Ready | null>(null);
  const [needs, setNeeds] = useState<NeedsApproval | null>(null);
  const [reason, setReason] = useState('');
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approvals = useQuery({
    queryKey: ['report-export-requests', 'approved'],
    queryFn: () =>
      call(api.GET('/api/v1/reports/export-requests', { params: { query: { state: 'approved' } } })),
    enabled: needs !== null,
  });
  const approval = approvals.data?.items.find(
    (r) => r.mine && r.report_id === reportId && r.format === needs?.format && r.used_at === null,
  );
  useEffect(() => () => (ready ? URL.revokeObjectURL(ready.url) : undefined), [ready]);

  async function exportAs(format: Format, approvalId?: string) {
    setError(null);
    setReady(null);
    const query = new URLSearchParams({ format, ...(approvalId ? { approval: approvalId } : {}) });
    const res = await fetch(`/api/v1/reports/${reportId}/export?${query}`, { credentials: 'same-origin' });
    if (res.ok) {
      const reference = res.headers.get('x-svc-export-reference') ?? '';
      const blob = await res.blob();
      setNeeds(null);
      setAsked(false);
      setReady({
        format,
        reference,
        url: URL.createObjectURL(blob),
        file: `report-${reference}.${format === 'csv' ? 'csv' : 'html'}`,
      });
      return;
    }
    const body = (await res.json().catch(() => null)) as {
      code?: string;
      message?: string;
      details?: { field: string; message: string }[];
    } | null;
    if (body?.code === 'report.export_approval_required') {
      const detail = (f: string) => body.details?.find((d) => d.field === f)?.message ?? '';
      setNeeds({ format, rows: detail('rows'), threshold: detail('threshold') });
      await queryClient.invalidateQueries({ queryKey: ['report-export-requests'] });
      return;
    }
    setError(body?.message ?? res.statusText);
  }

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (!needs) return;
    setError(null);
    try {
      await call(
        api.POST('/api/v1/reports/{id}/export-requests', {
          params: { path: { id: reportId }, query: { format: needs.format } },
          body: { reason },
        }),
      );
      setAsked(true);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <section aria-labelledby="report-export">
      <h2 id="report-export">{t('report.export')}</h2>
      <div className="actions">
        <button type="button" onClick={() => void exportAs('csv')}>
          {t('report.export.csv')}
        </button>{' '}
        <button type="button" className="secondary" onClick={() => void exportAs('print')}>
          {t('report.export.print')}
        </button>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {ready && (
        <Alert kind="info">
          {t('report.export.ready', { reference: ready.reference })}{' '}
          {ready.format === 'csv' ? (
            <a href={ready.url} download={ready.file}>
              {t('report.export.save')}
            </a>
          ) : (
            <a href={ready.url} target="_blank" rel="noopener">
              {t('report.export.open')}
            </a>
          )}
        </Alert>
      )}
      {needs && (
        <>
          <Alert kind="info">
            {t('report.export.needsApproval', { rows: needs.rows, threshold: needs.threshold })}
          </Alert>
          {approval ? (
            <button type="button" onClick={() => void exportAs(needs.format, approval.id)}>
              {t('report.export.useApproval')}
            </button>
          ) : asked ? (
            <p role="status">{t('report.export.asked')}</p>
          ) : (
            <form onSubmit={ask}>
              <div className="field">
                <label htmlFor="export-reason">{t('report.export.reason')}</label>
                <textarea
                  id="export-reason"
                  value={reason}
                  minLength={5}
                  maxLength={500}
                  required
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
              <div className="actions">
                <button type="submit">{t('report.export.ask')}</button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
