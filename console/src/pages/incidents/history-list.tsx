import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, type Translate, useT } from '../../i18n/index.js';
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
            {h.from || h.to ? `: ${shown(t, h.kind, h.from)} → ${shown(t, h.kind, h.to)}` : ''}
            {h.note ? ` — ${h.note}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Status values read in the person's language; other values (e-mail addresses) as they are. */
function shown(t: Translate, kind: string, value: string | null): string {
  if (value === null) return '—';
  return kind === 'status' ? t(`status.${value}` as MessageKey) : value;
}
