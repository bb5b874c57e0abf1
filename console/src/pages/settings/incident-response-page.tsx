import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
const FIELDS = [
  ...SEVERITIES.map((s) => `${s}_minutes` as const),
  ...SEVERITIES.map((s) => `resolution_${s}_minutes` as const),
];
type TargetField = (typeof FIELDS)[number];

/**
 * `/settings/incident-response`: response and resolution targets per severity in minutes
 * (document 2, SLA targets). The server's ordering rules answer 422 on the field; the page shows
 * it there. Changing them needs `tenant:write` and a reason.
 */
export function IncidentResponsePage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['settings', 'incident-response'],
    queryFn: () => call(api.GET('/api/v1/settings/incident-response')),
  });
  const [values, setValues] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const writer = can(me.data, 'tenant:write');

  useEffect(() => {
    const d = current.data;
    if (d) setValues(Object.fromEntries(FIELDS.map((f) => [f, String(d[f])])));
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    const targets = Object.fromEntries(FIELDS.map((f) => [f, Number(values[f])])) as Record<
      TargetField,
      number
    >;
    const saved = await call(
      api.POST('/api/v1/settings/incident-response', { body: { ...targets, reason } }),
    );
    queryClient.setQueryData(['settings', 'incident-response'], saved);
    setReason('');
    setNote(t('responseSettings.saved'));
  });

  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general = error !== null && ![...FIELDS, 'reason'].some((f) => fieldError(f));
  const input = (f: TargetField, min: number, max: number) => (
    <Field
      key={f}
      label={t(`responseSettings.${f}` as MessageKey)}
      type="number"
      min={min}
      max={max}
      required
      readOnly={!writer}
      value={values[f] ?? ''}
      error={fieldError(f)}
      onChange={(e) => setValues({ ...values, [f]: e.target.value })}
    />
  );
  return (
    <>
      <h1>{t('responseSettings.title')}</h1>
      <p>{t('responseSettings.intro')}</p>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {current.data && (
        <form className="admin-form" onSubmit={save} aria-label={t('responseSettings.title')}>
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          <p>
            {current.data.updated_at
              ? t('responseSettings.updated', { date: formatDateTime(current.data.updated_at, me.data) })
              : t('responseSettings.defaults')}
          </p>
          {!writer && <p className="hint">{t('responseSettings.readOnly')}</p>}
          <fieldset>
            <legend>{t('responseSettings.response')}</legend>
            {SEVERITIES.map((s) => input(`${s}_minutes`, 5, 43_200))}
          </fieldset>
          <fieldset>
            <legend>{t('responseSettings.resolution')}</legend>
            {SEVERITIES.map((s) => input(`resolution_${s}_minutes`, 60, 129_600))}
          </fieldset>
          {writer && (
            <>
              <Field
                label={t('responseSettings.reason')}
                required
                value={reason}
                error={fieldError('reason')}
                onChange={(e) => setReason(e.target.value)}
              />
              <button type="submit">{t('responseSettings.save')}</button>
            </>
          )}
        </form>
      )}
    </>
  );
}
