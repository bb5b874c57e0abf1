import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import type { IncidentDetail } from './incident-query.js';

/** What surrounds the incident: a waiting close or question, where the file is (links: links-panel.tsx). */
export function IncidentContext({
  incident: d,
  prefs,
}: {
  incident: IncidentDetail;
  prefs?: DisplayPrefs | undefined;
}) {
  const t = useT();
  // Who decides a pending close: the organisation's approver label (display only).
  const label = useQuery({
    queryKey: ['settings', 'approver-label'],
    queryFn: () => call(api.GET('/api/v1/settings/approver-label')),
    enabled: d.pending_close !== null,
  });
  return (
    <>
      {d.pending_close && (
        <Alert kind="info">
          {t('incident.pendingClose', {
            status: t(`status.${d.pending_close.target}` as MessageKey),
            who: d.pending_close.requested_by_email ?? '—',
          })}
          {label.data && ` ${t('incident.pendingCloseApprover', { label: label.data.shown_label })}`}
        </Alert>
      )}
      {d.pending_question && (
        <Alert kind="info">
          {t('incident.pendingQuestion', {
            date: formatDateTime(d.pending_question.asked_at, prefs),
            question: d.pending_question.question,
          })}
          {d.pending_question.lapsed
            ? ` ${t('incident.questionLapsed')}`
            : ` ${t('incident.questionLapses', { date: formatDateTime(d.pending_question.lapses_at, prefs) })}`}
        </Alert>
      )}
      {d.locations.length > 0 && (
        <section aria-labelledby="locations-title">
          <h2 id="locations-title">{t('incident.locations')}</h2>
          <ul>
            {d.locations.map((l) => (
              <li key={`${l.path}-${l.first_seen_at}`}>
                <code>{l.path}</code> — {t(`location.${l.state}` as MessageKey)}
                {l.moved_to ? ` → ${l.moved_to}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
