import { useT } from '../../i18n/index.js';
import { ChannelChecks } from './channel-checks.js';
import { compact } from './field-errors.js';
import { ListField } from './list-field.js';
import type { Lookups } from './lookups.js';
import type { Scope } from './policy-types.js';
import { ScopePreview } from './scope-preview.js';
import { TargetsEditor } from './targets-editor.js';

const DIMENSIONS = [
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
      <ChannelChecks
        path={`${path}.channels`}
        value={scope.channels}
        onList={(channels) => set({ channels })}
      />
      {DIMENSIONS.map((d) => (
        <ListField
          key={d}
          label={t(`ed.dim.${d}`)}
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
      {path === 'scope' && <ScopePreview scope={scope} />}
    </fieldset>
  );
}
