import { useMemo } from 'react';
import { useT } from '../../i18n/index.js';
import type { SectionProps } from './editor-basics.js';
import { Check, useFieldError } from './field-errors.js';
import { PathField } from './path-field.js';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (v: string, end: boolean) => {
  const [h = 0, m = 0] = v.split(':').map(Number);
  const total = h * 60 + m;
  return end && total === 0 ? 1440 : total;
};

/** IANA zones this browser knows (document 1 refuses offsets such as GMT+4). */
function useZones(): string[] {
  return useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return all.includes('UTC') ? all : ['UTC', ...all];
  }, []);
}

/** When the policy applies: an IANA zone, days (0 = Monday) and a window (end ≤ start crosses midnight). */
export function ScheduleEditor({ draft, set }: SectionProps) {
  const t = useT();
  const zones = useZones();
  const zoneError = useFieldError('schedule.timezone');
  const daysError = useFieldError('schedule.days_of_week');
  const s = draft.schedule;
  if (!s)
    return (
      <fieldset>
        <legend>{t('ed.schedule')}</legend>
        <p className="hint">{t('ed.schedule.always')}</p>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            set({
              schedule: {
                timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                days_of_week: [0, 1, 2, 3, 4],
                start_minute: 540,
                end_minute: 1080,
              },
            })
          }
        >
          {t('ed.schedule.add')}
        </button>
      </fieldset>
    );
  return (
    <fieldset>
      <legend>{t('ed.schedule')}</legend>
      <div className="field">
        <label htmlFor="schedule-zone">{t('ed.schedule.zone')}</label>
        <select
          id="schedule-zone"
          value={s.timezone}
          aria-invalid={zoneError ? true : undefined}
          aria-describedby={zoneError ? 'schedule-zone-error' : undefined}
          onChange={(e) => set({ schedule: { ...s, timezone: e.target.value } })}
        >
          {!zones.includes(s.timezone) && <option value={s.timezone}>{s.timezone}</option>}
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        {zoneError && (
          <p className="error" id="schedule-zone-error">
            {zoneError}
          </p>
        )}
      </div>
      <fieldset>
        <legend>{t('ed.schedule.days')}</legend>
        {DAYS.map((d) => (
          <Check
            key={d}
            label={t(`pol.day.${d}`)}
            checked={s.days_of_week.includes(d)}
            onChecked={(on) =>
              set({
                schedule: {
                  ...s,
                  days_of_week: on ? [...s.days_of_week, d].sort() : s.days_of_week.filter((x) => x !== d),
                },
              })
            }
          />
        ))}
        {daysError && <p className="error">{daysError}</p>}
      </fieldset>
      <PathField
        label={t('ed.schedule.start')}
        path="schedule.start_minute"
        type="time"
        value={hhmm(s.start_minute)}
        onText={(v) => set({ schedule: { ...s, start_minute: minutes(v, false) } })}
      />
      <PathField
        label={t('ed.schedule.end')}
        path="schedule.end_minute"
        type="time"
        hint={t('ed.schedule.endHint')}
        value={hhmm(s.end_minute)}
        onText={(v) => set({ schedule: { ...s, end_minute: minutes(v, true) } })}
      />
      <button type="button" className="secondary" onClick={() => set({ schedule: null })}>
        {t('ed.schedule.remove')}
      </button>
    </fieldset>
  );
}
