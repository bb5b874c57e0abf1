import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import type { IncidentDetail } from './incident-query.js';

/** Who did what to the incident, as the API records it. */
export function HistoryList({
  lines,
  prefs,
}: {
  lines: IncidentDetail['history'];
  prefs?: DisplayPrefs | undefined;
}) {
  const t = useT();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('incident.history')}</h2>
      <ol className="history">
        {lines.map((h) => (
          <li key={h.id}>
            <time dateTime={h.at}>{formatDateTime(h.at, prefs)}</time>{' '}
            {t('history.by', { kind: h.kind, actor: h.actor_email ?? t('history.system') })}
            {h.from || h.to ? `: ${h.from ?? '—'} → ${h.to ?? '—'}` : ''}
            {h.note ? ` — ${h.note}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
