import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { api, call } from '../../api/client.js';
import { type MessageKey, type Translate, useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { type IncidentDetail, incidentKey } from './incident-query.js';
import { RemoveLink } from './remove-link.js';

const REASONS = ['same_content', 'same_person_and_policy', 'same_endpoint_at_the_time'];
const reasonText = (t: Translate, r: string) =>
  REASONS.includes(r) ? t(`suggestion.${r}` as MessageKey) : r;

/** Linked incidents (add, remove with a reason) and the server's related suggestions. */
export function LinksPanel({ incident: d, canWrite }: { incident: IncidentDetail; canWrite: boolean }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [related, setRelated] = useState('');
  const [note, setNote] = useState('');
  const suggestions = useQuery({
    queryKey: [...incidentKey(d.id), 'related-suggestions'],
    queryFn: () =>
      call(api.GET('/api/v1/incidents/{id}/related-suggestions', { params: { path: { id: d.id } } })),
  });
  const add = useMutation({
    mutationFn: (body: { related: string; note?: string }) =>
      call(api.POST('/api/v1/incidents/{id}/links', { params: { path: { id: d.id } }, body })),
    onSuccess: () => {
      setRelated('');
      setNote('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentKey(d.id) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ related: related.trim(), ...(note ? { note } : {}) });
  }

  const linked = new Set(d.related.map((r) => r.id));
  const offered = (suggestions.data?.items ?? []).filter((s) => !linked.has(s.id));
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>{t('incident.related')}</h2>
      {d.related.length === 0 ? (
        <p>{t('links.none')}</p>
      ) : (
        <ul className="links">
          {d.related.map((r) => (
            <li key={r.id}>
              <Link to="/incidents/$id" params={{ id: r.id }}>
                {r.reference}
              </Link>{' '}
              {r.title} · {t(`status.${r.status}` as MessageKey)}
              {r.note ? ` — ${r.note}` : ''}
              {canWrite && <RemoveLink incidentId={d.id} related={r} />}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form onSubmit={submit} aria-label={t('links.add')}>
          {add.isError && !fieldErrorOf(add.error, 'related') && (
            <Alert kind="error">{messageOf(add.error)}</Alert>
          )}
          <Field
            label={t('links.related')}
            hint={t('links.relatedHint')}
            value={related}
            onChange={(e) => setRelated(e.target.value)}
            error={fieldErrorOf(add.error, 'related')}
          />
          <Field
            label={t('links.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={fieldErrorOf(add.error, 'note')}
          />
          <button type="submit" disabled={add.isPending || related.trim() === ''}>
            {t('links.add')}
          </button>
        </form>
      )}
      <h3>{t('links.suggestions')}</h3>
      {suggestions.isError && <Alert kind="error">{messageOf(suggestions.error)}</Alert>}
      {suggestions.data && offered.length === 0 && <p>{t('links.noSuggestions')}</p>}
      {offered.length > 0 && (
        <ul className="suggestions">
          {offered.map((s) => (
            <li key={s.id}>
              <Link to="/incidents/$id" params={{ id: s.id }}>
                {s.reference}
              </Link>{' '}
              {s.title} · {s.reasons.map((r) => reasonText(t, r)).join(', ')}{' '}
              {canWrite && (
                <button
                  type="button"
                  className="secondary"
                  disabled={add.isPending}
                  onClick={() => add.mutate({ related: s.id })}
                >
                  {t('links.linkThis', { reference: s.reference })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
