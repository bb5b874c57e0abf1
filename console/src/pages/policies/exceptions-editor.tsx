import { useT } from '../../i18n/index.js';
import type { SectionProps } from './editor-basics.js';
import { localInput } from './field-errors.js';
import type { Lookups } from './lookups.js';
import { PathField, PathSelect } from './path-field.js';
import { ACTIONS, type PolicyException } from './policy-types.js';
import { ScopeEditor } from './scope-editor.js';

/** Exceptions: who approved them, why, until when, their scope and an optional downgrade. */
export function ExceptionsEditor({ draft, set, lookups }: SectionProps & { lookups: Lookups }) {
  const t = useT();
  const list = draft.exceptions ?? [];
  const put = (i: number, next: PolicyException) =>
    set({ exceptions: list.map((x, j) => (j === i ? next : x)) });
  return (
    <fieldset>
      <legend>{t('ed.exceptions')}</legend>
      {list.map((x, i) => {
        const at = `exceptions[${i}]`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the id is edited in this row; the index is the identity
          <div className="nested" key={i}>
            <PathField
              label={t('ed.ex.id')}
              path={`${at}.id`}
              value={x.id}
              onText={(id) => put(i, { ...x, id })}
            />
            <PathField
              label={t('ed.ex.reason')}
              path={`${at}.reason`}
              value={x.reason}
              onText={(reason) => put(i, { ...x, reason })}
            />
            <PathField
              label={t('ed.ex.approvedBy')}
              path={`${at}.approved_by`}
              value={x.approved_by}
              onText={(approved_by) => put(i, { ...x, approved_by })}
            />
            <PathField
              label={t('ed.ex.expires')}
              path={`${at}.expires_at`}
              type="datetime-local"
              value={localInput(x.expires_at)}
              onText={(v) => put(i, { ...x, expires_at: v ? new Date(v).toISOString() : null })}
            />
            <PathSelect
              label={t('ed.ex.downgrade')}
              path={`${at}.downgrade_to`}
              list="action"
              values={ACTIONS}
              value={x.downgrade_to}
              empty={t('ed.ex.suppress')}
              onValue={(v) => put(i, { ...x, downgrade_to: v || null })}
            />
            <ScopeEditor
              legend={t('ed.ex.scope')}
              path={`${at}.scope`}
              scope={x.scope}
              lookups={lookups}
              onScope={(scope) => put(i, { ...x, scope })}
            />
            <button
              type="button"
              className="secondary"
              onClick={() => set({ exceptions: list.filter((_, j) => j !== i) })}
            >
              {t('ed.remove')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="secondary"
        onClick={() =>
          set({
            exceptions: [
              ...list,
              {
                id: `ex-${list.length + 1}-${Date.now().toString(36)}`,
                reason: '',
                approved_by: '',
                scope: {},
              },
            ],
          })
        }
      >
        {t('ed.ex.add')}
      </button>
    </fieldset>
  );
}
