import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { BulkOutcomes } from './bulk-outcomes.js';
import { BulkStatusFields, type StatusChoice } from './bulk-status-fields.js';
import { dispositionsFor } from './status-rules.js';

export type BulkBody = NonNullable<
  paths['/api/v1/incidents/bulk']['post']['requestBody']
>['content']['application/json'];
type Action = 'status' | 'assign' | 'mark_test';
const ACTIONS: Action[] = ['status', 'assign', 'mark_test'];

/**
 * One action over the selected rows (`POST /incidents/bulk`). Every attempt carries a new
 * idempotency key: a retry after a lost answer is a new attempt the person chose to make, and
 * rows already changed then answer `stale` rather than being changed twice.
 */
export function BulkPanel({
  selected,
  onDone,
}: {
  selected: { id: string; reference: string; row_version: number }[];
  onDone(): void;
}) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>('status');
  const [status, setStatus] = useState<StatusChoice>({
    status: 'closed',
    disposition: '',
    resolution: '',
    question: '',
    note: '',
  });
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [references, setReferences] = useState<Map<string, string>>(new Map());
  const send = useMutation({
    mutationFn: (body: BulkBody) => call(api.POST('/api/v1/incidents/bulk', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['incidents'] });
      void queryClient.invalidateQueries({ queryKey: ['incident'] });
      onDone();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setReferences(new Map(selected.map((r) => [r.id, r.reference])));
    const base = {
      idempotency_key: crypto.randomUUID(),
      items: selected.map((r) => ({ id: r.id, row_version: r.row_version })),
    };
    if (action === 'assign') send.mutate({ ...base, action, assignee_email: email.trim() || null });
    else if (action === 'mark_test') send.mutate({ ...base, action, reason });
    else {
      const disposition = status.disposition || dispositionsFor(status.status)[0];
      send.mutate({
        ...base,
        action,
        status: status.status,
        ...(disposition ? { disposition: disposition as BulkBody['disposition'] } : {}),
        ...(status.resolution ? { resolution: status.resolution } : {}),
        ...(status.status === 'awaiting_user' ? { question: status.question } : {}),
        ...(status.note ? { note: status.note } : {}),
      } as BulkBody);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel bulk">
      <h2 id={`${id}-title`}>{t('bulk.title', { count: selected.length })}</h2>
      {send.data && <BulkOutcomes answer={send.data} references={references} />}
      {send.isError && <Alert kind="error">{messageOf(send.error)}</Alert>}
      {selected.length > 0 && (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-action`}>{t('bulk.action')}</label>
            <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value as Action)}>
              {ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`bulk.action.${a}` as MessageKey)}
                </option>
              ))}
            </select>
          </div>
          {action === 'status' && <BulkStatusFields value={status} onChange={setStatus} error={send.error} />}
          {action === 'assign' && (
            <Field
              label={t('bulk.assignee')}
              hint={t('bulk.assigneeHint')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldErrorOf(send.error, 'assignee_email')}
            />
          )}
          {action === 'mark_test' && (
            <Field
              label={t('bulk.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={fieldErrorOf(send.error, 'reason')}
            />
          )}
          <button type="submit" disabled={send.isPending}>
            {t('bulk.submit', { count: selected.length })}
          </button>
        </form>
      )}
    </section>
  );
}
