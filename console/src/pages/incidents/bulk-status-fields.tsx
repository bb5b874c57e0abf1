import { useId } from 'react';
import { type MessageKey, useT } from '../../i18n/index.js';
import { fieldErrorOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { CLOSES, dispositionsFor, ruleFor } from './status-rules.js';

const TARGETS = [
  'triaged',
  'investigating',
  'awaiting_user',
  'closed',
  'false_positive',
  'accepted_risk',
] as const;

export interface StatusChoice {
  status: (typeof TARGETS)[number];
  disposition: string;
  resolution: string;
  question: string;
  note: string;
}

/** The status, disposition, resolution and question of a bulk status change, with the rule shown. */
export function BulkStatusFields({
  value,
  onChange,
  error,
}: {
  value: StatusChoice;
  onChange(next: StatusChoice): void;
  error: unknown;
}) {
  const t = useT();
  const id = useId();
  const set = (patch: Partial<StatusChoice>) => onChange({ ...value, ...patch });
  const choices = dispositionsFor(value.status);
  const closing = CLOSES.has(value.status);
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('incident.status.to')}</label>
        <select
          id={`${id}-to`}
          value={value.status}
          aria-describedby={`${id}-rule`}
          onChange={(e) => {
            const status = e.target.value as StatusChoice['status'];
            set({ status, disposition: dispositionsFor(status)[0] ?? '' });
          }}
        >
          {TARGETS.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}` as MessageKey)}
            </option>
          ))}
        </select>
        <p className="hint" id={`${id}-rule`}>
          {t(ruleFor(value.status))}
        </p>
      </div>
      {closing && (
        <div className="field">
          <label htmlFor={`${id}-disposition`}>{t('incident.disposition')}</label>
          <select
            id={`${id}-disposition`}
            value={value.disposition || choices[0]}
            onChange={(e) => set({ disposition: e.target.value })}
          >
            {choices.map((d) => (
              <option key={d} value={d}>
                {t(`disposition.${d}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
      )}
      {closing && (
        <Field
          label={t('incident.resolution')}
          value={value.resolution}
          onChange={(e) => set({ resolution: e.target.value })}
          error={fieldErrorOf(error, 'resolution')}
        />
      )}
      {value.status === 'awaiting_user' && (
        <Field
          label={t('incident.question')}
          value={value.question}
          onChange={(e) => set({ question: e.target.value })}
          error={fieldErrorOf(error, 'question')}
        />
      )}
      <Field
        label={t('incident.status.note')}
        value={value.note}
        onChange={(e) => set({ note: e.target.value })}
      />
    </>
  );
}
