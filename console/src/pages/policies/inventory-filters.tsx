import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { Field } from '../../ui/field.js';
import type { InventorySearch } from './inventory-search.js';
import { ACTIONS, CHANNELS, DEPLOYMENTS, FAMILIES, GROUPS, STATUSES } from './policy-types.js';
import { SelectField } from './select-field.js';

const SORTS = ['priority', 'name', 'updated', 'severity', 'number'] as const;

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
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, offset: undefined });
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('queue.filters')}>
      <Field label={t('pol.f.q')} value={draft.q ?? ''} onChange={(e) => set('q')(e.target.value)} />
      <SelectField
        label={t('pol.f.family')}
        list="family"
        values={FAMILIES}
        empty={any}
        value={draft.family ?? ''}
        onValue={set('family')}
      />
      <SelectField
        label={t('pol.f.group')}
        list="group"
        values={GROUPS}
        empty={any}
        value={draft.group ?? ''}
        onValue={set('group')}
      />
      <SelectField
        label={t('pol.f.status')}
        list="status"
        values={STATUSES}
        empty={any}
        value={draft.status ?? ''}
        onValue={set('status')}
      />
      <SelectField
        label={t('pol.f.action')}
        list="action"
        values={ACTIONS}
        empty={any}
        value={draft.action ?? ''}
        onValue={set('action')}
      />
      <SelectField
        label={t('pol.f.channel')}
        list="channel"
        values={CHANNELS}
        empty={any}
        value={draft.channel ?? ''}
        onValue={set('channel')}
      />
      <Field
        label={t('pol.f.classification')}
        value={draft.classification ?? ''}
        onChange={(e) => set('classification')(e.target.value)}
      />
      <SelectField
        label={t('pol.f.scope')}
        list="scopeKind"
        values={['whole_company', 'targeted']}
        empty={any}
        value={draft.scope ?? ''}
        onValue={set('scope')}
      />
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
      <SelectField
        label={t('pol.f.deployment')}
        list="deployment"
        values={DEPLOYMENTS}
        empty={any}
        value={draft.deployment ?? ''}
        onValue={set('deployment')}
      />
      <SelectField
        label={t('pol.f.attention')}
        list="attention"
        values={['cannot_fire', 'needs_review']}
        empty={any}
        value={draft.attention ?? ''}
        onValue={set('attention')}
      />
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
      <div className="actions">
        <button type="submit">{t('queue.apply')}</button>
        <button type="button" className="secondary" onClick={() => onApply({})}>
          {t('queue.clear')}
        </button>
      </div>
    </form>
  );
}
