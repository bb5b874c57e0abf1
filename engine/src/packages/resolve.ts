/**
 * Dependency states after a dry run (document 1, Policy package): what each named object
 * becomes in the importing tenant. Nothing from another tenant resolves by itself or by name:
 * in another tenant only built-in detectors resolve without a mapping.
 */
import type { FieldError } from '../errors.js';
import type { ClassificationCoordinate } from '../policy/condition-types.js';
import type { PolicyVersionInput } from '../policy/policy-types.js';
import type { TypedTarget } from '../policy/scope-types.js';
import { writePath } from './field-path.js';
import type { PackageDependency } from './package-types.js';
import { targetKey } from './references.js';

export const DEPENDENCY_STATES = [
  'exact',
  'requires_mapping',
  'missing',
  'incompatible',
  'mapped',
  'removed',
] as const;
export type DependencyState = (typeof DEPENDENCY_STATES)[number];

/** Blocks an import until mapped or removed. */
export const BLOCKING_STATES: ReadonlySet<DependencyState> = new Set([
  'requires_mapping',
  'missing',
  'incompatible',
]);

export type MappingTarget = string | ClassificationCoordinate | TypedTarget;

export interface PackageMapping {
  key: string;
  to?: MappingTarget;
  /** A prompt message only: import without it (the policy's own texts apply). */
  remove?: boolean;
}

export interface ResolvedDependency extends PackageDependency {
  state: DependencyState;
  resolved_to: string | null;
  message: string;
  removable: boolean;
}

/** What exists in the importing tenant. */
export interface TenantObjects {
  builtinDetectorVersion(id: string): number | undefined;
  tenantDetector(id: string): boolean;
  classification(c: ClassificationCoordinate): boolean;
  promptMessage(id: string): boolean;
  user(id: string): boolean;
  device(id: string): boolean;
  endpointGroup(name: string): boolean;
  target(t: TypedTarget): boolean;
  /** A document-fingerprint corpus of the tenant (built or not). */
  fingerprintCorpus(id: string): boolean;
}

function coordinateText(c: ClassificationCoordinate): string {
  return `${c.classification_id}@${c.classification_version}.${c.revision}`;
}

/** Whether the object a dependency names exists here, and its text form. */
function present(dep: PackageDependency, to: MappingTarget, o: TenantObjects): string | null {
  switch (dep.kind) {
    case 'detector':
      return typeof to === 'string' && (o.builtinDetectorVersion(to) !== undefined || o.tenantDetector(to))
        ? to
        : null;
    case 'classification':
      return typeof to === 'object' && 'classification_id' in to && o.classification(to)
        ? coordinateText(to)
        : null;
    case 'prompt_message':
      return typeof to === 'string' && o.promptMessage(to) ? to : null;
    case 'scope_user':
      return typeof to === 'string' && o.user(to) ? to : null;
    case 'scope_device':
      return typeof to === 'string' && o.device(to) ? to : null;
    case 'scope_endpoint_group':
      return typeof to === 'string' && o.endpointGroup(to) ? to : null;
    case 'fingerprint_corpus':
      return typeof to === 'string' && o.fingerprintCorpus(to) ? to : null;
    case 'scope_group':
    case 'scope_department':
      // Directory group names and department names are free text in a scope: any non-empty value.
      return typeof to === 'string' && to.trim().length > 0 ? to : null;
    case 'scope_target':
      return typeof to === 'object' && 'object_id' in to && 'source' in to && o.target(to)
        ? targetKey(to)
        : null;
  }
}

function ownCoordinate(dep: PackageDependency): MappingTarget {
  if (dep.kind === 'classification')
    return {
      classification_id: dep.value,
      classification_version: dep.version ?? 0,
      revision: dep.revision ?? 0,
    };
  if (dep.kind === 'scope_target' && dep.target) return dep.target;
  return dep.value;
}

function state(
  dep: PackageDependency,
  s: Omit<ResolvedDependency, keyof PackageDependency | 'removable'>,
): ResolvedDependency {
  return { ...dep, ...s, removable: dep.kind === 'prompt_message' };
}

function unmapped(dep: PackageDependency, sameTenant: boolean, o: TenantObjects): ResolvedDependency {
  if (dep.kind === 'detector' && dep.origin === 'builtin') {
    const here = o.builtinDetectorVersion(dep.value);
    if (here === undefined)
      return state(dep, {
        state: 'missing',
        resolved_to: null,
        message: 'this server has no such built-in detector',
      });
    if (dep.version !== undefined && here !== dep.version)
      return state(dep, {
        state: 'incompatible',
        resolved_to: null,
        message: `this server's built-in detector is version ${here}`,
      });
    return state(dep, { state: 'exact', resolved_to: dep.value, message: 'built-in detector' });
  }
  if (!sameTenant)
    return state(dep, {
      state: 'requires_mapping',
      resolved_to: null,
      message: 'names an object of another tenant; map it',
    });
  const found = present(dep, ownCoordinate(dep), o);
  return found
    ? state(dep, { state: 'exact', resolved_to: found, message: 'the same object in this tenant' })
    : state(dep, { state: 'missing', resolved_to: null, message: 'no longer exists in this tenant; map it' });
}

/** States of every dependency under the mappings; bad mappings are field errors by position. */
export function resolveDependencies(
  dependencies: readonly PackageDependency[],
  options: { sameTenant: boolean; objects: TenantObjects; mappings?: readonly PackageMapping[] },
): { dependencies: ResolvedDependency[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const byKey = new Map<string, { mapping: PackageMapping; at: number }>();
  (options.mappings ?? []).forEach((mapping, at) => {
    if (!dependencies.some((d) => d.key === mapping.key))
      errors.push({ field: `mappings[${at}].key`, message: 'names no dependency of the package' });
    else if (byKey.has(mapping.key)) errors.push({ field: `mappings[${at}].key`, message: 'mapped twice' });
    else byKey.set(mapping.key, { mapping, at });
  });
  const out = dependencies.map((dep) => {
    const m = byKey.get(dep.key);
    if (!m) return unmapped(dep, options.sameTenant, options.objects);
    if (m.mapping.remove === true) {
      if (dep.kind !== 'prompt_message' || m.mapping.to !== undefined) {
        errors.push({
          field: `mappings[${m.at}].remove`,
          message: 'only a prompt message can be removed, with no target',
        });
        return unmapped(dep, options.sameTenant, options.objects);
      }
      return state(dep, {
        state: 'removed',
        resolved_to: null,
        message: 'imported without the prompt message',
      });
    }
    const found = m.mapping.to === undefined ? null : present(dep, m.mapping.to, options.objects);
    if (!found) {
      errors.push({
        field: `mappings[${m.at}].to`,
        message: `names no ${dep.kind.replace('scope_', '')} of this tenant`,
      });
      return unmapped(dep, options.sameTenant, options.objects);
    }
    return state(dep, { state: 'mapped', resolved_to: found, message: 'mapped' });
  });
  return { dependencies: out, errors };
}

/** The spec with every mapped or removed dependency rewritten at each of its paths. */
export function applyResolution(
  spec: PolicyVersionInput,
  resolved: readonly ResolvedDependency[],
  mappings: readonly PackageMapping[],
): PolicyVersionInput {
  const copy = structuredClone(spec);
  const to = new Map(mappings.map((m) => [m.key, m]));
  for (const dep of resolved) {
    if (dep.state === 'removed') {
      writePath(copy, 'notifications.prompt_message_id', null);
      continue;
    }
    if (dep.state !== 'mapped') continue;
    const target = to.get(dep.key)!.to!;
    for (const path of dep.paths) {
      if (dep.kind === 'classification') {
        const c = target as ClassificationCoordinate;
        const node = path.slice(0, -'.classification_id'.length);
        writePath(copy, `${node}.classification_id`, c.classification_id);
        writePath(copy, `${node}.classification_version`, c.classification_version);
        writePath(copy, `${node}.revision`, c.revision);
      } else if (dep.kind === 'scope_target') {
        writePath(copy, path, structuredClone(target));
      } else {
        writePath(copy, path, target);
      }
    }
  }
  return copy;
}
