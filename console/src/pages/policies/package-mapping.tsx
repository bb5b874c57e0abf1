import { useId } from 'react';
import type { paths } from '../../api/schema.js';
import { useT } from '../../i18n/index.js';
import type { Lookups } from './lookups.js';

/** The answer of a dry run, as the typed client knows it. */
export type DryRun =
  paths['/api/v1/policy-packages/dry-run']['post']['responses'][200]['content']['application/json'];
export type Dependency = DryRun['dependencies'][number];

/** What the person chose for one dependency: a target in this tenant, or removal. */
export type MappingChoice = { to: unknown } | { remove: true };

const coordinate = (c: { classification_id: string; classification_version: number; revision: number }) =>
  `${c.classification_id}@${c.classification_version}.${c.revision}`;

/** The options a kind offers from this tenant's lists, as [value, label, mapping]. */
function options(dep: Dependency, lookups: Lookups): [string, string, unknown][] {
  switch (dep.kind) {
    case 'detector':
      return lookups.detectors.map((d) => [d.id, d.id, d.id]);
    case 'classification':
      return lookups.classifications.map((c) => [
        coordinate(c),
        `${c.name} (${coordinate(c)})`,
        {
          classification_id: c.classification_id,
          classification_version: c.classification_version,
          revision: c.revision,
        },
      ]);
    case 'prompt_message':
      return lookups.prompts.map((p) => [p.id, p.name, p.id]);
    case 'scope_endpoint_group':
      return lookups.groups.map((g) => [g.name, g.name, g.name]);
    case 'scope_device':
      return lookups.agents.map((a) => [a.id, a.hostname, a.id]);
    case 'fingerprint_corpus':
      return lookups.corpora.map((c) => [c.id, c.name, c.id]);
    case 'scope_target':
      if (dep.target?.kind === 'endpoint_group')
        return lookups.groups.map((g) => [
          g.id,
          g.name,
          { kind: 'endpoint_group', source: { type: 'svc' }, object_id: g.id },
        ]);
      if (dep.target?.kind === 'endpoint')
        return lookups.agents.map((a) => [
          a.id,
          a.hostname,
          { kind: 'endpoint', source: { type: 'svc' }, object_id: a.id },
        ]);
      return [];
    default:
      return [];
  }
}

/** A directory-group SID typed by hand becomes a target in the SID's own domain. */
function sidTarget(sid: string): unknown {
  const domain = sid.split('-').slice(0, -1).join('-');
  return {
    kind: 'directory_group',
    source: { type: 'windows_directory', domain_sid: domain },
    object_id: sid,
  };
}

/**
 * The mapping picker of one dependency row: a list of this tenant's objects of the same kind, a
 * text for free-text kinds (users, directory groups, departments, a directory SID), and "import
 * without it" for a removable prompt message.
 */
export function MappingPicker(props: {
  dep: Dependency;
  choice: MappingChoice | undefined;
  lookups: Lookups;
  onChoose(choice: MappingChoice | undefined): void;
}) {
  const t = useT();
  const id = useId();
  const { dep, choice } = props;
  const label = t('pkg.mapTo', { name: dep.name ?? dep.value });
  const list = options(dep, props.lookups);
  const freeText =
    list.length === 0 &&
    dep.kind !== 'detector' &&
    dep.kind !== 'classification' &&
    dep.kind !== 'prompt_message' &&
    dep.kind !== 'fingerprint_corpus';
  if (freeText) {
    const text =
      choice && 'to' in choice
        ? typeof choice.to === 'string'
          ? choice.to
          : ((choice.to as { object_id?: string }).object_id ?? '')
        : '';
    return (
      <input
        id={id}
        aria-label={label}
        value={text}
        maxLength={256}
        onChange={(e) => {
          const v = e.target.value;
          if (v.trim() === '') props.onChoose(undefined);
          else props.onChoose({ to: dep.kind === 'scope_target' ? sidTarget(v.trim()) : v });
        }}
      />
    );
  }
  const current =
    choice === undefined
      ? ''
      : 'remove' in choice
        ? '\u0000remove'
        : (list.find(([, , m]) => JSON.stringify(m) === JSON.stringify(choice.to))?.[0] ?? '');
  return (
    <select
      id={id}
      aria-label={label}
      value={current}
      onChange={(e) => {
        const v = e.target.value;
        if (v === '') props.onChoose(undefined);
        else if (v === '\u0000remove') props.onChoose({ remove: true });
        else props.onChoose({ to: list.find(([value]) => value === v)?.[2] });
      }}
    >
      <option value="">{t('pkg.noMapping')}</option>
      {dep.removable && <option value={'\u0000remove'}>{t('pkg.remove')}</option>}
      {list.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}
