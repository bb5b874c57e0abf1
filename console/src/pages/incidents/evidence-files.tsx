import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, type Translate, useT } from '../../i18n/index.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

const WITHHELD = ['changed', 'over_cap', 'unreadable', 'spool_full', 'spool_failed', 'refused', 'given_up'];

/** A withheld notice's reason in words; a reason this console does not know yet is shown as sent. */
const withheldReason = (t: Translate, reason: string | null) =>
  reason && WITHHELD.includes(reason) ? t(`withheld.${reason}` as MessageKey) : (reason ?? '—');

/** The stored copies and withheld notices of the incident; download behind the step-up prompt. */
export function EvidenceFiles({
  incidentId,
  justification,
  prefs,
  canDownload,
}: {
  incidentId: string;
  justification: string;
  prefs?: DisplayPrefs | undefined;
  canDownload: boolean;
}) {
  const t = useT();
  const files = useEvidenceFiles(incidentId);
  const withStepUp = useStepUp();
  const [failure, setFailure] = useState<unknown>(null);

  async function download(fileId: string) {
    setFailure(null);
    try {
      const blob = await withStepUp(() =>
        call(
          api.POST('/api/v1/incidents/{id}/evidence-files/{file_id}/download', {
            params: { path: { id: incidentId, file_id: fileId } },
            body: { justification },
            parseAs: 'blob',
          }),
        ),
      );
      const url = URL.createObjectURL(blob as unknown as Blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `evidence-${fileId}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setFailure(error);
    }
  }

  if (files.isPending) return <p className="loading">{t('app.loading')}</p>;
  if (files.isError) return <Alert kind="error">{messageOf(files.error)}</Alert>;
  const reasonId = `evidence-no-download-${incidentId}`;
  return (
    <>
      <h3>{t('evidence.files')}</h3>
      {failure !== null && <Alert kind="error">{messageOf(failure)}</Alert>}
      {files.data.items.length === 0 ? (
        <p>{t('evidence.noFiles')}</p>
      ) : (
        <>
          {!canDownload && (
            <p className="hint" id={reasonId}>
              {t('evidence.noPermission')}
            </p>
          )}
          <ul className="evidence-files">
            {files.data.items.map((f) => (
              <li key={f.id}>
                {f.state === 'withheld' ? (
                  t('evidence.withheld', { reason: withheldReason(t, f.withheld_reason) })
                ) : f.deleted_at ? (
                  t('evidence.deleted', { date: formatDateTime(f.deleted_at, prefs) })
                ) : (
                  <>
                    {t('evidence.stored', {
                      size: f.size_bytes ?? 0,
                      date: f.stored_at ? formatDateTime(f.stored_at, prefs) : '—',
                    })}{' '}
                    <button
                      type="button"
                      disabled={!canDownload}
                      aria-describedby={canDownload ? undefined : reasonId}
                      onClick={() => void download(f.id)}
                    >
                      {t('evidence.download')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function useEvidenceFiles(incidentId: string) {
  return useQuery({
    queryKey: ['incident', incidentId, 'evidence-files'],
    queryFn: () =>
      call(api.GET('/api/v1/incidents/{id}/evidence-files', { params: { path: { id: incidentId } } })),
  });
}
