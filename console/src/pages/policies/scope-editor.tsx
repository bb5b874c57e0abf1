import { useT } from '../../i18n/index.js';
import { compact } from './field-errors.js';
import { ListField } from './list-field.js';
import type { Lookups } from './lookups.js';
import { CHANNELS, type Scope } from './policy-types.js';
import { TargetsEditor } from './targets-editor.js';

const DIMENSIONS = [
  'channels',
  'operating_systems',
  'destinations',
  'sources',
  'applications',
  'user_ids',
  'groups',
  'departments',
] as const;

/** A scope: flow dimensions as lists, people and endpoints as typed targets (include, exclude). */
export function ScopeEditor({
  legend,
  path,
  scope,
  lookups,
  onScope,
}: {
  legend: string;
  path: string;
  scope: Scope;
  lookups: Lookups;
  onScope(next: Scope): void;
}) {
  const t = useT();
  const set = (patch: Partial<Scope>) => onScope(compact({ ...scope, ...patch }));
  return (
    <fieldset>
      <legend>{legend}</legend>
      <p className="hint">{t('ed.scopeHint')}</p>
      {DIMENSIONS.map((d) => (
        <ListField
          key={d}
          label={t(`ed.dim.${d}`)}
          hint={d === 'channels' ? CHANNELS.join(', ') : undefined}
          path={`${path}.${d}`}
          value={scope[d]}
          onList={(list) => set({ [d]: list })}
        />
      ))}
      <TargetsEditor
        legend={t('ed.include')}
        path={`${path}.include_targets`}
        targets={scope.include_targets ?? []}
        lookups={lookups}
        onTargets={(include_targets) => set({ include_targets })}
      />
      <TargetsEditor
        legend={t('ed.exclude')}
        path={`${path}.exclude_targets`}
        targets={scope.exclude_targets ?? []}
        lookups={lookups}
        onTargets={(exclude_targets) => set({ exclude_targets })}
      />
    </fieldset>
  );
}
