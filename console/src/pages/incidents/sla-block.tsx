import { useId } from 'react';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { type Translate, useT } from '../../i18n/index.js';
import type { IncidentDetail } from './incident-query.js';

const met = (t: Translate, value: boolean | null, done: string | null, prefs?: DisplayPrefs) =>
  value === null
    ? t('sla.open')
    : t(value ? 'sla.met' : 'sla.missed', { date: done ? formatDateTime(done, prefs) : '—' });

/** Response and resolution targets of the incident, and whether they were met. */
export function SlaBlock({
  incident,
  prefs,
}: {
  incident: IncidentDetail;
  prefs?: DisplayPrefs | undefined;
}) {
  const t = useT();
  const id = useId();
  const s = incident.sla;
  if (s.response_target_minutes === null && s.resolution_target_minutes === null) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>{t('sla.title')}</h2>
      <dl>
        <dt>{t('sla.response')}</dt>
        <dd>
          {s.response_due_at ? t('sla.due', { date: formatDateTime(s.response_due_at, prefs) }) : '—'} ·{' '}
          {met(t, s.response_met, s.responded_at, prefs)}
        </dd>
        <dt>{t('sla.resolution')}</dt>
        <dd>
          {s.resolution_due_at ? t('sla.due', { date: formatDateTime(s.resolution_due_at, prefs) }) : '—'} ·{' '}
          {met(t, s.resolution_met, s.resolved_at, prefs)}
        </dd>
        {s.clock_stopped && (
          <>
            <dt>{t('sla.clock')}</dt>
            <dd>{t('sla.stopped', { minutes: s.awaiting_user_minutes })}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
