import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { type IncidentDetail, incidentKey } from './incident-query.js';
import { CLOSES, dispositionsFor, ruleFor } from './status-rules.js';

type Body = NonNullable<
  paths['/api/v1/incidents/{id}/status']['post']['requestBody']
>['content']['application/json'];

/** Status change with the disposition and resolution rules explained next to the choice. */
export function StatusForm({ incident }: { incident: IncidentDetail }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  const [chosen, setTarget] = useState(incident.allowed_transitions[0] ?? '');
  // After a change the allowed moves differ: a choice no longer offered falls back to the first.
  const target = incident.allowed_transitions.includes(chosen)
    ? chosen
    : (incident.allowed_transitions[0] ?? '');
  const [disposition, setDisposition] = useState('');
  const [resolution, setResolution] = useState('');
  const [question, setQuestion] = useState('');
  const [note, setNote] = useState('');
  const choices = dispositionsFor(target);
  const closing = CLOSES.has(target);

  const change = useMutation({
    mutationFn: (body: Body) =>
      withStepUp(() =>
        call(api.POST('/api/v1/incidents/{id}/status', { params: { path: { id: incident.id } }, body })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentKey(incident.id) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      status: target,
      expected_version: incident.row_version,
      ...(closing && (disposition || choices[0]) ? { disposition: disposition || choices[0] } : {}),
      ...(closing ? { resolution } : {}),
      ...(target === 'awaiting_user' ? { question } : {}),
      ...(note ? { note } : {}),
    } as Body;
    change.mutate(body, {
      onSuccess: () => {
        setNote('');
        setResolution('');
        setQuestion('');
      },
    });
  }

  if (incident.allowed_transitions.length === 0) return <p>{t('incident.status.none')}</p>;
  const stale = change.error instanceof ApiError && change.error.status === 409;
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>{t('incident.status.change')}</h2>
      {change.data && (
        <Alert kind="info">
          {'pending_close' in change.data ? t('incident.closeRequested') : t('incident.saved')}
        </Alert>
      )}
      {change.isError && <Alert kind="error">{stale ? t('incident.stale') : messageOf(change.error)}</Alert>}
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('incident.status.to')}</label>
        <select
          id={`${id}-to`}
          value={target}
          onChange={(e) => {
            setTarget(e.target.value);
            setDisposition('');
          }}
          aria-describedby={`${id}-rule`}
        >
          {incident.allowed_transitions.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}` as MessageKey)}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-rule`}>
          {t(ruleFor(target))}
        </p>
      </div>
      {closing && (
        <div className="field">
          <label htmlFor={`${id}-disposition`}>{t('incident.disposition')}</label>
          <select
            id={`${id}-disposition`}
            value={disposition || choices[0]}
            onChange={(e) => setDisposition(e.target.value)}
          >
            {choices.map((d) => (
              <option key={d} value={d}>
                {t(`disposition.${d}` as MessageKey)}
              </option>
            ))}
          </select>
          {fieldErrorOf(change.error, 'disposition') && (
            <p className="error">{fieldErrorOf(change.error, 'disposition')}</p>
          )}
        </div>
      )}
      {closing && (
        <TextArea
          label={t('incident.resolution')}
          value={resolution}
          onChange={setResolution}
          error={fieldErrorOf(change.error, 'resolution')}
        />
      )}
      {target === 'awaiting_user' && (
        <TextArea
          label={t('incident.question')}
          value={question}
          onChange={setQuestion}
          error={fieldErrorOf(change.error, 'question')}
        />
      )}
      <TextArea label={t('incident.status.note')} value={note} onChange={setNote} error={undefined} />
      <button type="submit" disabled={change.isPending}>
        {t('incident.status.submit')}
      </button>
    </form>
  );
}

function TextArea(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p className="error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
