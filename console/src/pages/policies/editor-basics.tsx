import { useT } from '../../i18n/index.js';
import { Check, compact, localInput } from './field-errors.js';
import { PathField, PathSelect } from './path-field.js';
import { ACTIONS, CONFLICT_STRATEGIES, GROUPS, type PolicyDraft, SEVERITIES } from './policy-types.js';

export interface SectionProps {
  draft: PolicyDraft;
  set(patch: Partial<PolicyDraft>): void;
}

/** Name, owner, severity, group, response (online and offline), conflict strategy, dates, label. */
export function EditorBasics({ draft, set }: SectionProps) {
  const t = useT();
  const evidence = draft.evidence ?? {};
  return (
    <fieldset>
      <legend>{t('ed.basics')}</legend>
      <PathField
        label={t('pol.col.name')}
        path="name"
        required
        value={draft.name}
        onText={(name) => set({ name })}
      />
      <PathField
        label={t('ed.description')}
        path="description"
        value={draft.description}
        onText={(v) => set({ description: v || undefined })}
      />
      <PathField
        label={t('pol.f.owner')}
        path="owner"
        value={draft.owner}
        onText={(v) => set({ owner: v || undefined })}
      />
      <PathSelect
        label={t('pol.col.severity')}
        path="severity"
        list="severity"
        values={SEVERITIES}
        value={draft.severity}
        onValue={(severity) => set({ severity })}
      />
      <PathSelect
        label={t('pol.f.group')}
        path="group"
        list="group"
        values={GROUPS}
        value={draft.group}
        empty={t('admin.none')}
        onValue={(v) => set({ group: v || null })}
      />
      <PathSelect
        label={t('pol.col.response')}
        path="response"
        list="action"
        values={ACTIONS}
        value={draft.response === 'warn' ? 'inform' : draft.response}
        onValue={(response) => set({ response })}
      />
      <PathSelect
        label={t('ed.offline')}
        path="offline_response"
        list="action"
        values={ACTIONS}
        value={draft.offline_response}
        empty={t('ed.offlineSame')}
        onValue={(v) => set({ offline_response: v || null })}
      />
      <PathSelect
        label={t('ed.conflict')}
        path="conflict_strategy"
        list="conflict"
        values={CONFLICT_STRATEGIES}
        value={draft.conflict_strategy ?? 'most_restrictive'}
        onValue={(conflict_strategy) => set({ conflict_strategy })}
      />
      <PathField
        label={t('ed.from')}
        path="effective_from"
        type="datetime-local"
        value={localInput(draft.effective_from)}
        onText={(v) => set({ effective_from: v ? new Date(v).toISOString() : null })}
      />
      <PathField
        label={t('ed.until')}
        path="effective_until"
        type="datetime-local"
        value={localInput(draft.effective_until)}
        onText={(v) => set({ effective_until: v ? new Date(v).toISOString() : null })}
      />
      <Check
        label={t('ed.everyMatch')}
        checked={draft.raise_every_match ?? false}
        onChecked={(v) => set({ raise_every_match: v })}
      />
      <Check
        label={t('ed.sandbox')}
        checked={draft.sandbox ?? false}
        onChecked={(v) => set({ sandbox: v })}
      />
      <PathField
        label={t('ed.label')}
        path="apply_label.value"
        value={draft.apply_label?.value}
        onText={(v) => set({ apply_label: v ? { ...draft.apply_label, value: v } : null })}
      />
      {draft.apply_label && (
        <Check
          label={t('ed.labelReplace')}
          checked={draft.apply_label.replace_existing ?? false}
          onChecked={(v) =>
            set({ apply_label: { value: draft.apply_label?.value ?? '', replace_existing: v } })
          }
        />
      )}
      <fieldset>
        <legend>{t('ed.evidence')}</legend>
        {(['metadata', 'redacted_previews', 'context_snippets', 'full_file'] as const).map((k) => (
          <Check
            key={k}
            label={t(`ed.ev.${k}`)}
            checked={evidence[k] ?? false}
            onChecked={(v) => set({ evidence: compact({ ...evidence, [k]: v }) })}
          />
        ))}
      </fieldset>
    </fieldset>
  );
}
