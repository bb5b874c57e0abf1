import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { Field } from '../../ui/field.js';
import { FilterActions } from '../../ui/filter-actions.js';
import type { InventorySearch } from './inventory-search.js';
import { ACTIONS, CHANNELS, DEPLOYMENTS, FAMILIES, GROUPS, STATUSES } from './policy-types.js';
import { SelectField } from './select-field.js';

const SORTS = ['priority', 'name', 'updated', 'severity', 'number'] as const;
type ChoiceKey = 'family' | 'group' | 'status' | 'action' | 'channel' | 'scope' | 'deployment' | 'attention';

/** Every filter `GET /policies/inventory` offers, plus its sort and direction. */
export function InventoryFilters({
  value,
  owners,
  onApply,
}: {
  value: InventorySearch;
  owners: string[];
  onApply(next: InventorySearch): void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<InventorySearch>(value);
  const set = (key: keyof InventorySearch) => (v: string) => setDraft({ ...draft, [key]: v || undefined });
  const any = t('queue.any');
  /** A filter over one of the API's value lists, "any" first (`list` names the labels when it differs). */
  const choice = (key: ChoiceKey, values: readonly string[], list: string = key) => (
    <SelectField
      label={t(`pol.f.${key}`)}
      list={list}
      values={values}
      empty={any}
      value={draft[key] ?? ''}
      onValue={set(key)}
    />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, offset: undefined });
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('queue.filters')}>
      <Field label={t('pol.f.q')} value={draft.q ?? ''} onChange={(e) => set('q')(e.target.value)} />
      {choice('family', FAMILIES)}
      {choice('group', GROUPS)}
      {choice('status', STATUSES)}
      {choice('action', ACTIONS)}
      {choice('channel', CHANNELS)}
      <Field
        label={t('pol.f.classification')}
        value={draft.classification ?? ''}
        onChange={(e) => set('classification')(e.target.value)}
      />
      {choice('scope', ['whole_company', 'targeted'], 'scopeKind')}
      <div className="field">
        <label htmlFor="inventory-owner">{t('pol.f.owner')}</label>
        <select id="inventory-owner" value={draft.owner ?? ''} onChange={(e) => set('owner')(e.target.value)}>
          <option value="">{any}</option>
          {owners.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
      {choice('deployment', DEPLOYMENTS)}
      {choice('attention', ['cannot_fire', 'needs_review'])}
      <Field
        label={t('pol.f.updatedSince')}
        type="date"
        value={draft.updated_since?.slice(0, 10) ?? ''}
        onChange={(e) => set('updated_since')(e.target.value ? `${e.target.value}T00:00:00Z` : '')}
      />
      <SelectField
        label={t('pol.f.sort')}
        list="sort"
        values={SORTS}
        value={draft.sort ?? 'priority'}
        onValue={set('sort')}
      />
      <SelectField
        label={t('pol.f.dir')}
        list="dir"
        values={['asc', 'desc']}
        value={draft.dir ?? 'asc'}
        onValue={set('dir')}
      />
      <FilterActions onClear={() => onApply({})} />
    </form>
  );
}
