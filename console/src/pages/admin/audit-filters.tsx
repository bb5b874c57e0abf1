import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { Field } from '../../ui/field.js';
import { FilterActions } from '../../ui/filter-actions.js';
import type { AuditSearch } from './audit-search.js';

/** Action (exact or prefix with a dot), actor, subject and a time window. */
export function AuditFilters({ value, onApply }: { value: AuditSearch; onApply(next: AuditSearch): void }) {
  const t = useT();
  const [draft, setDraft] = useState<AuditSearch>(value);
  const set = (key: keyof AuditSearch) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value || undefined });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, offset: undefined });
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('queue.filters')}>
      <Field
        label={t('audit.action')}
        hint={t('audit.actionHint')}
        value={draft.action ?? ''}
        onChange={set('action')}
      />
      <Field label={t('audit.actor')} value={draft.actor_id ?? ''} onChange={set('actor_id')} />
      <Field label={t('audit.subject')} value={draft.subject_id ?? ''} onChange={set('subject_id')} />
      <Field
        label={t('audit.since')}
        type="datetime-local"
        value={draft.since ?? ''}
        onChange={set('since')}
      />
      <Field
        label={t('audit.until')}
        type="datetime-local"
        value={draft.until ?? ''}
        onChange={set('until')}
      />
      <FilterActions onClear={() => onApply({})} />
    </form>
  );
}
