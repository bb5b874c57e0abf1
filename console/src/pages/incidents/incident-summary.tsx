import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import type { IncidentDetail } from './incident-query.js';

/** The incident's facts at a glance, its matched policies and detector summaries. */
export function IncidentSummary({
  incident: d,
  prefs,
}: {
  incident: IncidentDetail;
  prefs?: DisplayPrefs | undefined;
}) {
  const t = useT();
  const rows: [MessageKey, React.ReactNode][] = [
    ['col.status', t(`status.${d.status}` as MessageKey)],
    ['col.severity', t(`severity.${d.severity}` as MessageKey)],
    ['col.priority', d.priority_score],
    ['incident.risk', d.risk_score],
    ['col.channel', d.channel],
    ['incident.action', d.action],
    ['col.user', d.username ?? '—'],
    ['col.host', d.hostname ?? '—'],
    ['incident.file', d.file_path ?? d.file_name ?? '—'],
    ['col.assignee', d.assignee_email ?? '—'],
    ['incident.events', d.event_count],
    ['incident.matches', d.match_count],
    ['incident.firstSeen', formatDateTime(d.first_seen_at, prefs)],
    ['col.lastSeen', formatDateTime(d.last_seen_at, prefs)],
    ['incident.disposition', d.disposition ? t(`disposition.${d.disposition}` as MessageKey) : '—'],
    ['incident.resolution', d.resolution ?? '—'],
  ];
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">{t('incident.summary')}</h2>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('incident.policies')}</h3>
      <ul>
        {d.matched_policies.map((p) => (
          <li key={p.policy_id}>
            {p.name ?? p.policy_id} ({p.applied_events})
          </li>
        ))}
      </ul>
      <h3>{t('incident.detectors')}</h3>
      <ul>
        {d.detector_summaries.map((s) => (
          <li key={s.detector_id}>
            {s.detector_id}: {s.match_count}
          </li>
        ))}
      </ul>
    </section>
  );
}
