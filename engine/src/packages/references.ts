/**
 * Every object a policy version names, with the field paths that name it: the dependencies of a
 * package. Pure: versions, names and origins are added by the caller, which knows the tenant.
 */
import type { ConditionNode } from '../policy/condition-types.js';
import type { PolicyVersionInput } from '../policy/policy-types.js';
import type { Scope, TypedTarget } from '../policy/scope-types.js';
import type { DependencyKind, PackageDependency } from './package-types.js';

type Found = Omit<PackageDependency, 'paths'> & { path: string };

function walkCondition(node: ConditionNode, path: string, out: Found[]): void {
  switch (node.op) {
    case 'detector':
      out.push({
        key: `detector:${node.detector_id}`,
        kind: 'detector',
        value: node.detector_id,
        path: `${path}.detector_id`,
      });
      return;
    case 'classification':
      out.push({
        key: `classification:${node.classification_id}@${node.classification_version}.${node.revision}`,
        kind: 'classification',
        value: node.classification_id,
        version: node.classification_version,
        revision: node.revision,
        path: `${path}.classification_id`,
      });
      return;
    case 'fingerprint':
      out.push({
        key: `fingerprint_corpus:${node.corpus_id}`,
        kind: 'fingerprint_corpus',
        value: node.corpus_id,
        path: `${path}.corpus_id`,
      });
      return;
    case 'and':
    case 'or':
    case 'at_least':
      for (const [i, n] of node.nodes.entries()) walkCondition(n, `${path}.nodes[${i}]`, out);
      return;
    case 'not':
      walkCondition(node.node, `${path}.node`, out);
      return;
    default:
      return;
  }
}

const SCOPE_LISTS: readonly [keyof Scope, DependencyKind][] = [
  ['user_ids', 'scope_user'],
  ['groups', 'scope_group'],
  ['departments', 'scope_department'],
  ['device_ids', 'scope_device'],
  ['agent_groups', 'scope_endpoint_group'],
];

export function targetKey(t: TypedTarget): string {
  const source =
    t.source.type === 'windows_directory' ? `windows_directory/${t.source.domain_sid}` : t.source.type;
  return `scope_target:${t.kind}:${source}:${t.object_id}`;
}

function walkScope(scope: Scope, path: string, out: Found[]): void {
  for (const [field, kind] of SCOPE_LISTS) {
    for (const [i, value] of ((scope[field] as string[] | undefined) ?? []).entries())
      out.push({ key: `${kind}:${value}`, kind, value, path: `${path}.${field}[${i}]` });
  }
  for (const field of ['include_targets', 'exclude_targets'] as const) {
    for (const [i, t] of (scope[field] ?? []).entries())
      out.push({
        key: targetKey(t),
        kind: 'scope_target',
        value: t.object_id,
        target: { kind: t.kind, source: t.source, object_id: t.object_id },
        ...(t.label !== undefined ? { name: t.label } : {}),
        path: `${path}.${field}[${i}]`,
      });
  }
}

/** The references of a version, one entry per key with every path, in first-seen order. */
export function policyReferences(spec: PolicyVersionInput): PackageDependency[] {
  const found: Found[] = [];
  walkCondition(spec.condition, 'condition', found);
  walkScope(spec.scope, 'scope', found);
  for (const [i, e] of (spec.exceptions ?? []).entries()) walkScope(e.scope, `exceptions[${i}].scope`, found);
  const prompt = spec.notifications?.prompt_message_id;
  if (prompt)
    found.push({
      key: `prompt_message:${prompt}`,
      kind: 'prompt_message',
      value: prompt,
      path: 'notifications.prompt_message_id',
    });
  const byKey = new Map<string, PackageDependency>();
  for (const { path, ...dep } of found) {
    const seen = byKey.get(dep.key);
    if (seen) seen.paths.push(path);
    else byKey.set(dep.key, { ...dep, paths: [path] });
  }
  return [...byKey.values()];
}
