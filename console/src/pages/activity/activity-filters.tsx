import { type FormEvent, useState } from 'react';
import type { paths } from '../../api/schema.js';
import { type MessageKey, useT } from '../../i18n/index.js';

/** Every filter of `GET /activity-events` (document 2), as the query string takes it. */
export type ActivityFilters = Omit<
  NonNullable<paths['/api/v1/activity-events']['get']['parameters']['query']>,
  'limit' | 'offset'
>;

type FilterName =
  | 'from'
  | 'to'
  | 'search'
  | 'channel'
  | 'outcome'
  | 'action'
  | 'category'
  | 'trust'
  | 'user'
  | 'endpoint'
  | 'policy'
  | 'policy_id'
  | 'related_file'
  | 'incident'
  | 'enforcement'
  | 'event_kind';

const TEXT: { name: FilterName; label: MessageKey; example?: string }[] = [
  { name: 'search', label: 'activity.search' },
  { name: 'channel', label: 'activity.channel', example: 'usb, clipboard, discovery' },
  { name: 'outcome', label: 'activity.outcome', example: 'blocked, audited' },
  { name: 'action', label: 'activity.action', example: 'block, audit' },
  { name: 'user', label: 'activity.user' },
  { name: 'endpoint', label: 'activity.endpoint' },
  { name: 'policy', label: 'activity.policy' },
  { name: 'policy_id', label: 'activity.policyId' },
  { name: 'related_file', label: 'activity.relatedFile' },
];

const CHOICES: { name: FilterName; label: MessageKey; values: string[]; prefix: string }[] = [
  {
    name: 'trust',
    label: 'activity.trust',
    values: ['internet', 'local', 'none'],
    prefix: 'activity.trust.',
  },
  {
    name: 'incident',
    label: 'activity.incident',
    values: ['matched_no_incident'],
    prefix: 'activity.incident.',
  },
  {
    name: 'enforcement',
    label: 'activity.enforcement',
    values: ['applied', 'reduced_by_capability'],
    prefix: 'activity.enforcement.',
  },
  {
    name: 'event_kind',
    label: 'activity.eventKind',
    values: ['user_activity', 'discovery'],
    prefix: 'activity.eventKind.',
  },
];

/** `datetime-local` value (the person's clock) ⇄ RFC 3339 UTC on the wire. */
const toLocal = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : '');

/** The filter form; nothing is asked of the server until the person applies it. */
export function ActivityFilterForm({
  value,
  categories,
  onApply,
}: {
  value: ActivityFilters;
  categories: string[];
  onApply(filters: ActivityFilters): void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<ActivityFilters>(value);
  const set = (name: FilterName, v: string) => setDraft((d) => ({ ...d, [name]: v }) as ActivityFilters);
  function submit(event: FormEvent) {
    event.preventDefault();
    const clean = Object.fromEntries(
      Object.entries(draft)
        .map(([k, v]) => [k, (v ?? '').trim()])
        .filter(([, v]) => v !== ''),
    ) as ActivityFilters;
    onApply(clean);
  }
  return (
    <form onSubmit={submit} aria-labelledby="activity-filters" className="filters">
      <h2 id="activity-filters">{t('activity.filters')}</h2>
      <div className="field">
        <label htmlFor="af-from">{t('activity.from')}</label>
        <input
          id="af-from"
          type="datetime-local"
          value={toLocal(draft.from)}
          onChange={(e) => set('from', fromLocal(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="af-to">{t('activity.to')}</label>
        <input
          id="af-to"
          type="datetime-local"
          value={toLocal(draft.to)}
          onChange={(e) => set('to', fromLocal(e.target.value))}
        />
      </div>
      {TEXT.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`af-${f.name}`}>{t(f.label)}</label>
          <input
            id={`af-${f.name}`}
            value={(draft[f.name] as string | undefined) ?? ''}
            maxLength={500}
            aria-describedby={f.example ? `af-${f.name}-hint` : undefined}
            onChange={(e) => set(f.name, e.target.value)}
          />
          {f.example && (
            <p className="hint" id={`af-${f.name}-hint`}>
              {t('activity.listHint', { example: f.example })}
            </p>
          )}
        </div>
      ))}
      <div className="field">
        <label htmlFor="af-category">{t('activity.category')}</label>
        <select
          id="af-category"
          value={draft.category ?? ''}
          onChange={(e) => set('category', e.target.value)}
        >
          <option value="">{t('activity.any')}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {CHOICES.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={`af-${f.name}`}>{t(f.label)}</label>
          <select
            id={`af-${f.name}`}
            value={(draft[f.name] as string | undefined) ?? ''}
            onChange={(e) => set(f.name, e.target.value)}
          >
            <option value="">{t('activity.any')}</option>
            {f.values.map((v) => (
              <option key={v} value={v}>
                {t(`${f.prefix}${v}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="actions">
        <button type="submit">{t('activity.apply')}</button>{' '}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('activity.reset')}
        </button>
      </div>
    </form>
  );
}
