import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

type Schedule = Awaited<ReturnType<typeof loadSchedules>>['items'][number];
type Cadence = Schedule['cadence'];

const loadSchedules = (id: string) =>
  call(api.GET('/api/v1/reports/{id}/schedules', { params: { path: { id } } }));

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The schedules of one report (docs/report-schedules.md): list, create, change, delete, and the
 * latest runs of each. Destinations are chosen from those the person may see (integrations:write).
 */
export function SchedulesPanel({ reportId }: { reportId: string }) {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const schedules = useQuery({
    queryKey: ['report-schedules', reportId],
    queryFn: () => loadSchedules(reportId),
  });
  const destinations = useQuery({
    queryKey: ['report-delivery-destinations'],
    queryFn: () => call(api.GET('/api/v1/report-delivery-destinations')),
    enabled: can(me.data, 'integrations:write'),
  });
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [runsOf, setRunsOf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['report-schedules', reportId] });
  const destName = (id: string | null) =>
    id === null ? '—' : (destinations.data?.items.find((d) => d.id === id)?.name ?? id);

  async function remove(id: string) {
    setError(null);
    try {
      await call(api.DELETE('/api/v1/report-schedules/{id}', { params: { path: { id } } }));
      await refresh();
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <section aria-labelledby="report-schedules">
      <h2 id="report-schedules">{t('schedules.title')}</h2>
      {schedules.isError && <Alert kind="error">{messageOf(schedules.error)}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {schedules.data && schedules.data.items.length === 0 && <p>{t('schedules.empty')}</p>}
      {schedules.data && schedules.data.items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('schedules.col.when')}</th>
              <th scope="col">{t('schedules.col.state')}</th>
              <th scope="col">{t('schedules.col.next')}</th>
              <th scope="col">{t('schedules.col.destination')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {schedules.data.items.map((s) => (
              <tr key={s.id}>
                <td>
                  {t('schedules.when', {
                    cadence: `${t(`cadence.${s.cadence}` as MessageKey)}${dayText(t, s)}`,
                    time: hhmm(s.local_minute),
                    zone: s.timezone,
                  })}
                </td>
                <td>
                  {t(`scheduleState.${s.state}` as MessageKey)}
                  {s.paused_reason && <> — {t('schedules.paused', { reason: s.paused_reason })}</>}
                </td>
                <td>{formatDateTime(s.next_run_at, me.data)}</td>
                <td>{destName(s.destination_id)}</td>
                <td>
                  <button type="button" className="secondary" onClick={() => setEditing(s)}>
                    {t('schedules.edit')}
                  </button>{' '}
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setRunsOf(runsOf === s.id ? null : s.id)}
                  >
                    {t('schedules.showRuns')}
                  </button>{' '}
                  <button type="button" className="secondary" onClick={() => void remove(s.id)}>
                    {t('schedules.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {runsOf && <RunsList scheduleId={runsOf} />}
      {editing === null ? (
        <div className="actions">
          <button type="button" onClick={() => setEditing('new')}>
            {t('schedules.new')}
          </button>
        </div>
      ) : (
        <ScheduleForm
          reportId={reportId}
          schedule={editing === 'new' ? null : editing}
          destinations={destinations.data?.items ?? []}
          onDone={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </section>
  );
}

function dayText(t: ReturnType<typeof useT>, s: Pick<Schedule, 'cadence' | 'day'>): string {
  if (s.day === null) return '';
  return s.cadence === 'weekly' ? `, ${t(`weekday.${s.day}` as MessageKey)}` : `, ${s.day}`;
}

function ScheduleForm({
  reportId,
  schedule,
  destinations,
  onDone,
}: {
  reportId: string;
  schedule: Schedule | null;
  destinations: { id: string; name: string }[];
  onDone: () => Promise<void>;
}) {
  const t = useT();
  const [timezone, setTimezone] = useState(
    schedule?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
  );
  const [time, setTime] = useState(hhmm(schedule?.local_minute ?? 8 * 60));
  const [cadence, setCadence] = useState<Cadence>(schedule?.cadence ?? 'daily');
  const [day, setDay] = useState<number>(schedule?.day ?? (schedule?.cadence === 'monthly' ? 1 : 0));
  const [destination, setDestination] = useState(schedule?.destination_id ?? '');
  const [enabled, setEnabled] = useState(schedule ? schedule.state !== 'disabled' : true);
  const { error, submit } = useSubmit(async () => {
    const [h, m] = time.split(':').map(Number);
    const body = {
      timezone,
      local_minute: (h ?? 0) * 60 + (m ?? 0),
      cadence,
      day: cadence === 'daily' ? null : day,
      enabled: schedule?.state === 'paused' ? true : enabled,
      destination_id: destination === '' ? null : destination,
    };
    if (schedule)
      await call(api.PATCH('/api/v1/report-schedules/{id}', { params: { path: { id: schedule.id } }, body }));
    else await call(api.POST('/api/v1/reports/{id}/schedules', { params: { path: { id: reportId } }, body }));
    await onDone();
  });
  const title = schedule ? t('schedules.editing') : t('schedules.new');
  return (
    <form className="admin-form" onSubmit={submit} aria-label={title}>
      <h3>{title}</h3>
      {error !== null && !fieldErrorOf(error, 'timezone') && !fieldErrorOf(error, 'day') && (
        <Alert kind="error">{messageOf(error)}</Alert>
      )}
      <Field
        label={t('schedules.timezone')}
        required
        value={timezone}
        error={fieldErrorOf(error, 'timezone')}
        onChange={(e) => setTimezone(e.target.value)}
      />
      <Field
        label={t('schedules.time')}
        type="time"
        required
        value={time}
        onChange={(e) => setTime(e.target.value)}
      />
      <div className="field">
        <label htmlFor="schedule-cadence">{t('schedules.cadence')}</label>
        <select
          id="schedule-cadence"
          value={cadence}
          onChange={(e) => {
            const next = e.target.value as Cadence;
            setCadence(next);
            setDay(next === 'monthly' ? 1 : 0);
          }}
        >
          {(['daily', 'weekly', 'monthly'] as const).map((c) => (
            <option key={c} value={c}>
              {t(`cadence.${c}` as MessageKey)}
            </option>
          ))}
        </select>
      </div>
      {cadence === 'weekly' && (
        <div className="field">
          <label htmlFor="schedule-weekday">{t('schedules.weekday')}</label>
          <select id="schedule-weekday" value={day} onChange={(e) => setDay(Number(e.target.value))}>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <option key={d} value={d}>
                {t(`weekday.${d}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
      )}
      {cadence === 'monthly' && (
        <Field
          label={t('schedules.monthday')}
          type="number"
          min={1}
          max={31}
          required
          value={day}
          error={fieldErrorOf(error, 'day')}
          onChange={(e) => setDay(Number(e.target.value))}
        />
      )}
      <div className="field">
        <label htmlFor="schedule-destination">{t('schedules.destination')}</label>
        <select
          id="schedule-destination"
          value={destination}
          onChange={(e) => setDestination(e.target.value)}
        >
          <option value="">{t('schedules.noDestination')}</option>
          {destinations.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label>
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
          {t('schedules.enabled')}
        </label>
      </div>
      <div className="actions">
        <button type="submit">{t('schedules.save')}</button>{' '}
        <button type="button" className="secondary" onClick={() => void onDone()}>
          {t('schedules.cancel')}
        </button>
      </div>
    </form>
  );
}

type Run = Awaited<ReturnType<typeof loadRuns>>['items'][number];
const loadRuns = (id: string) =>
  call(api.GET('/api/v1/report-schedules/{id}/runs', { params: { path: { id } } }));

function RunsList({ scheduleId }: { scheduleId: string }) {
  const t = useT();
  const me = useMe();
  const runs = useQuery({
    queryKey: ['report-schedule-runs', scheduleId],
    queryFn: () => loadRuns(scheduleId),
  });
  return (
    <section aria-labelledby="schedule-runs">
      <h3 id="schedule-runs">{t('schedules.runs')}</h3>
      {runs.isError && <Alert kind="error">{messageOf(runs.error)}</Alert>}
      {runs.data && runs.data.items.length === 0 && <p>{t('schedules.noRuns')}</p>}
      {runs.data && runs.data.items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('schedules.run.occurrence')}</th>
              <th scope="col">{t('schedules.col.state')}</th>
              <th scope="col">{t('schedules.run.attempts')}</th>
              <th scope="col">{t('schedules.run.rows')}</th>
              <th scope="col">{t('schedules.run.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.items.map((r: Run) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.occurrence_at, me.data)}</td>
                <td>{t(`runState.${r.state}` as MessageKey)}</td>
                <td>{r.attempts}</td>
                <td>{r.rows ?? '—'}</td>
                <td>{r.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
