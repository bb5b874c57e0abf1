import { useT } from '../../i18n/index.js';
import type { SectionProps } from './editor-basics.js';
import { toNumber } from './field-errors.js';
import { PathField, PathSelect } from './path-field.js';
import { ACTIONS } from './policy-types.js';

/** Risk thresholds: the action below the first step, then a stronger action at each score. */
export function RiskEditor({ draft, set }: SectionProps) {
  const t = useT();
  const risk = draft.risk_thresholds;
  if (!risk)
    return (
      <fieldset>
        <legend>{t('ed.risk')}</legend>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            set({ risk_thresholds: { below: 'audit', steps: [{ at_or_above: 70, action: 'block' }] } })
          }
        >
          {t('ed.risk.add')}
        </button>
      </fieldset>
    );
  const steps = risk.steps;
  return (
    <fieldset>
      <legend>{t('ed.risk')}</legend>
      <p className="hint">{t('ed.risk.hint')}</p>
      <PathSelect
        label={t('ed.risk.below')}
        path="risk_thresholds.below"
        list="action"
        values={ACTIONS}
        value={risk.below}
        onValue={(below) => set({ risk_thresholds: { ...risk, below } })}
      />
      {steps.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are edited in place; the index is the identity
        <div className="nested" key={i}>
          <PathField
            label={t('ed.risk.at')}
            path={`risk_thresholds.steps[${i}].at_or_above`}
            type="number"
            min={0}
            max={100}
            value={s.at_or_above}
            onText={(v) =>
              set({
                risk_thresholds: {
                  ...risk,
                  steps: steps.map((x, j) => (j === i ? { ...x, at_or_above: toNumber(v) ?? 0 } : x)),
                },
              })
            }
          />
          <PathSelect
            label={t('ed.risk.action')}
            path={`risk_thresholds.steps[${i}].action`}
            list="action"
            values={ACTIONS}
            value={s.action}
            onValue={(action) =>
              set({
                risk_thresholds: { ...risk, steps: steps.map((x, j) => (j === i ? { ...x, action } : x)) },
              })
            }
          />
          <button
            type="button"
            className="secondary"
            onClick={() => set({ risk_thresholds: { ...risk, steps: steps.filter((_, j) => j !== i) } })}
          >
            {t('ed.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        onClick={() =>
          set({ risk_thresholds: { ...risk, steps: [...steps, { at_or_above: 90, action: 'block' }] } })
        }
      >
        {t('ed.risk.addStep')}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => set({ risk_thresholds: null })}>
        {t('ed.risk.none')}
      </button>
    </fieldset>
  );
}
