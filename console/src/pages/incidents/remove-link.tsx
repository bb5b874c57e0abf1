import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { incidentKey } from './incident-query.js';

/** Removing a link asks for a reason (5-500 characters, kept in the history). */
export function RemoveLink({
  incidentId,
  related,
}: {
  incidentId: string;
  related: { id: string; reference: string };
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: (why: string) =>
      call(
        api.DELETE('/api/v1/incidents/{id}/links/{related_id}', {
          params: { path: { id: incidentId, related_id: related.id }, query: { reason: why } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentKey(incidentId) }),
  });

  if (!asking)
    return (
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        {t('links.remove', { reference: related.reference })}
      </button>
    );
  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate(reason);
  }
  const error =
    fieldErrorOf(remove.error, 'reason') ?? (remove.isError ? messageOf(remove.error) : undefined);
  return (
    <form onSubmit={submit} className="inline-form">
      <Field
        label={t('links.removeReason', { reference: related.reference })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error}
      />
      <button type="submit" disabled={remove.isPending}>
        {t('links.removeConfirm')}
      </button>
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        {t('stepUp.cancel')}
      </button>
    </form>
  );
}
