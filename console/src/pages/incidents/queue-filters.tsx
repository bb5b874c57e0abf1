import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n/index.js';
import { Field } from '../../ui/field.js';
import { FilterActions } from '../../ui/filter-actions.js';
import { PolicyFilter } from './policy-filter.js';
import type { QueueSearch } from './queue-search.js';

const STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user', 'closed'] as const;
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

const TEXT: { key: 'search' | 'channel' | 'username' | 'device' | 'assignee'; label: MessageKey }[] = [
  { key: 'search', label: 'queue.search' },
  { key: 'channel', label: 'queue.channel' },
  { key: 'username', label: 'queue.username' },
  { key: 'device', label: 'queue.device' },
  { key: 'assignee', label: 'queue.assignee' },
];

/** The queue's filters; applied together so one change does not fire a query per keystroke. */
export function QueueFilters({ value, onApply }: { value: QueueSearch; onApply(next: QueueSearch): void }) {
  const t = useT();
  const [draft, setDraft] = useState<QueueSearch>(value);
  const set = (key: keyof QueueSearch, v: string | boolean | undefined) =>
    setDraft((d) => ({ ...d, [key]: v === '' || v === false ? undefined : v }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const { offset: _offset, ...rest } = draft;
    onApply(rest);
  }

  return (
    <form className="filters" onSubmit={submit} aria-label={t('queue.filters')}>
      <div className="field">
        <label htmlFor="f-status">{t('queue.status')}</label>
        <select id="f-status" value={draft.status ?? ''} onChange={(e) => set('status', e.target.value)}>
          <option value="">{t('queue.any')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-severity">{t('queue.severity')}</label>
        <select
          id="f-severity"
          value={draft.severity ?? ''}
          onChange={(e) => set('severity', e.target.value)}
        >
          <option value="">{t('queue.any')}</option>
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {t(`severity.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <PolicyFilter value={draft.policy_id ?? ''} onChange={(id) => set('policy_id', id)} />
      {TEXT.map(({ key, label }) => (
        <Field
          key={key}
          label={t(label)}
          value={draft[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
        />
      ))}
      <Field
        label={t('queue.createdSince')}
        type="date"
        value={draft.created_since?.slice(0, 10) ?? ''}
        onChange={(e) => set('created_since', e.target.value ? `${e.target.value}T00:00:00.000Z` : '')}
      />
      <Field
        label={t('queue.createdUntil')}
        type="date"
        value={draft.created_until?.slice(0, 10) ?? ''}
        onChange={(e) => set('created_until', e.target.value ? `${e.target.value}T23:59:59.999Z` : '')}
      />
      <div className="field checkbox">
        <input
          id="f-open"
          type="checkbox"
          checked={draft.open_only ?? false}
          onChange={(e) => set('open_only', e.target.checked)}
        />
        <label htmlFor="f-open">{t('queue.openOnly')}</label>
      </div>
      <FilterActions
        onClear={() => {
          setDraft({});
          onApply({});
        }}
      />
    </form>
  );
}
