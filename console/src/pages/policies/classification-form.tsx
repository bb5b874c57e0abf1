import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Check, FieldErrorsProvider, toNumber } from './field-errors.js';
import type { Lookups } from './lookups.js';
import { PathField } from './path-field.js';

export type Classification =
  paths['/api/v1/classifications']['get']['responses'][200]['content']['application/json']['items'][number];
type Rule = Classification['rules'][number];
type Element = Rule['elements'][number];

const newElement = (n: number, detector: string): Element => ({
  element_id: `e${n}`,
  detector_id: detector,
  min_matches: 1,
  min_confidence: 65,
  require_validated: true,
});

/** A classification: rules of detector elements (a rule matches when min_elements of them do). */
export function ClassificationForm({
  initial,
  lookups,
  onDone,
}: {
  initial: Classification | null;
  lookups: Lookups;
  onDone(): void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const detector = lookups.detectors[0]?.id ?? 'payment_card';
  const [id, setId] = useState(initial?.classification_id ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [rules, setRules] = useState<Rule[]>(
    initial?.rules ?? [{ rule_id: 'r1', name: '', elements: [newElement(1, detector)] }],
  );
  const [newVersion, setNewVersion] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const putRule = (i: number, rule: Rule) => setRules(rules.map((r, j) => (j === i ? rule : r)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (initial)
        await call(
          api.POST('/api/v1/classifications/{id}/revisions', {
            params: { path: { id: initial.classification_id } },
            body: { name, rules, new_version: newVersion },
          }),
        );
      else await call(api.POST('/api/v1/classifications', { body: { classification_id: id, name, rules } }));
      await queryClient.invalidateQueries({ queryKey: ['classifications'] });
      onDone();
    } catch (e) {
      setError(e);
    }
  }
  return (
    <FieldErrorsProvider error={error}>
      <form className="editor" onSubmit={submit} aria-label={initial ? t('cls.edit') : t('cls.new')}>
        {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
        {!initial && (
          <PathField label={t('cls.id')} path="classification_id" required value={id} onText={setId} />
        )}
        <PathField label={t('pol.col.name')} path="name" required value={name} onText={setName} />
        {rules.map((rule, i) => (
          <fieldset className="nested" key={rule.rule_id}>
            <legend>{t('cls.rule', { n: i + 1 })}</legend>
            <PathField
              label={t('cls.ruleName')}
              path={`rules[${i}].name`}
              value={rule.name}
              onText={(v) => putRule(i, { ...rule, name: v })}
            />
            <PathField
              label={t('cls.minElements')}
              path={`rules[${i}].min_elements`}
              type="number"
              min={1}
              value={rule.min_elements}
              onText={(v) => {
                const { min_elements: _, ...rest } = rule;
                const n = toNumber(v);
                putRule(i, n === undefined ? rest : { ...rest, min_elements: n });
              }}
            />
            {rule.elements.map((el, k) => {
              const at = `rules[${i}].elements[${k}]`;
              const put = (next: Element) =>
                putRule(i, { ...rule, elements: rule.elements.map((x, j) => (j === k ? next : x)) });
              return (
                <div className="nested" key={el.element_id}>
                  <div className="field">
                    <label htmlFor={`${at}-detector`}>{t('ed.detector')}</label>
                    <select
                      id={`${at}-detector`}
                      value={el.detector_id}
                      onChange={(e) => put({ ...el, detector_id: e.target.value })}
                    >
                      {lookups.detectors.map((d) => (
                        <option key={d.id} value={d.id}>
                          {d.id}
                        </option>
                      ))}
                    </select>
                  </div>
                  <PathField
                    label={t('ed.minMatches')}
                    path={`${at}.min_matches`}
                    type="number"
                    min={1}
                    value={el.min_matches}
                    onText={(v) => put({ ...el, min_matches: toNumber(v) ?? 1 })}
                  />
                  <PathField
                    label={t('ed.minConfidence')}
                    path={`${at}.min_confidence`}
                    type="number"
                    min={0}
                    max={100}
                    value={el.min_confidence}
                    onText={(v) => put({ ...el, min_confidence: toNumber(v) ?? 65 })}
                  />
                  <Check
                    label={t('ed.requireValidated')}
                    checked={el.require_validated}
                    onChecked={(v) => put({ ...el, require_validated: v })}
                  />
                </div>
              );
            })}
            <button
              type="button"
              className="secondary"
              onClick={() =>
                putRule(i, {
                  ...rule,
                  elements: [...rule.elements, newElement(rule.elements.length + 1, detector)],
                })
              }
            >
              {t('cls.addElement')}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="secondary"
          onClick={() =>
            setRules([
              ...rules,
              { rule_id: `r${rules.length + 1}`, name: '', elements: [newElement(1, detector)] },
            ])
          }
        >
          {t('cls.addRule')}
        </button>
        {initial && <Check label={t('cls.newVersion')} checked={newVersion} onChecked={setNewVersion} />}
        <div className="actions">
          <button type="submit">{t('ed.save')}</button>
          <button type="button" className="secondary" onClick={onDone}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </FieldErrorsProvider>
  );
}
