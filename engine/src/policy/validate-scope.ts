import { checkStringList, type FieldErrors, isNonEmptyString, isRecord } from './field-errors.js';
import { checkPersonText } from './person-text.js';
import { LIMITS } from './policy-types.js';
import {
  AUTHOR_LIST_DIMENSIONS,
  COMPILER_ONLY_DIMENSIONS,
  KNOWN_CHANNELS,
  TARGET_KINDS,
  type TargetKind,
} from './scope-types.js';
import { isDomainSid, isSid, sidInDomain } from './sid.js';

/** Lookups the server supplies so a write can refuse targets that are not current objects. */
export interface TargetLookup {
  /** True when `object_id` is a current endpoint (kind endpoint) or endpoint group of the tenant. */
  exists(kind: 'endpoint' | 'endpoint_group', objectId: string): boolean;
}

/** What a scope names, for the rules that depend on it (sandbox, connection, governance). */
export interface ScopeFacts {
  empty: boolean;
  /** Dimensions or target kinds that are non-empty, e.g. `channels`, `include_targets.endpoint`. */
  named: Set<string>;
}

const SCOPE_KEYS = new Set<string>([
  ...AUTHOR_LIST_DIMENSIONS,
  ...COMPILER_ONLY_DIMENSIONS,
  'include_targets',
  'exclude_targets',
]);

const CLOUD_DIRECTORY_HINT =
  'a target from a cloud directory is refused: endpoints match Windows-domain SIDs from the logon token';

function validateTarget(
  errors: FieldErrors,
  path: string,
  target: unknown,
  lookup: TargetLookup | undefined,
): TargetKind | null {
  if (!isRecord(target)) {
    errors.add(path, 'must be an object with kind, source and object_id');
    return null;
  }
  const kindValue = target['kind'];
  if (kindValue === 'directory_user' || kindValue === 'user') {
    errors.add(`${path}.kind`, 'a directory user cannot be a target; name a directory group instead');
    return null;
  }
  if (typeof kindValue !== 'string' || !(TARGET_KINDS as readonly string[]).includes(kindValue)) {
    errors.add(`${path}.kind`, `must be one of ${TARGET_KINDS.join(', ')}`);
    return null;
  }
  const kind = kindValue as TargetKind;
  const source = target['source'];
  const objectId = target['object_id'];
  if (!isRecord(source) || typeof source['type'] !== 'string') {
    errors.add(`${path}.source`, 'must be an object with a type');
    return null;
  }
  if (!isNonEmptyString(objectId) || objectId.length > 256) {
    errors.add(`${path}.object_id`, 'must be a non-empty string of at most 256 characters');
    return null;
  }
  if (target['label'] !== undefined && target['label'] !== null && typeof target['label'] !== 'string') {
    errors.add(`${path}.label`, 'must be a string');
  } else checkPersonText(errors, `${path}.label`, target['label'], 'line');
  if (kind === 'directory_group') {
    if (source['type'] !== 'windows_directory') {
      errors.add(`${path}.source.type`, CLOUD_DIRECTORY_HINT);
      return null;
    }
    const domainSid = source['domain_sid'];
    if (typeof domainSid !== 'string' || !isDomainSid(domainSid)) {
      errors.add(`${path}.source.domain_sid`, 'must be a Windows domain SID (S-1-5-21-…)');
      return null;
    }
    if (!isSid(objectId)) {
      errors.add(`${path}.object_id`, 'a group given by name is refused; give the group SID');
      return null;
    }
    if (!sidInDomain(objectId, domainSid)) {
      errors.add(`${path}.object_id`, 'the SID lies outside the named domain');
      return null;
    }
    return kind;
  }
  if (source['type'] !== 'svc') {
    errors.add(`${path}.source.type`, 'must be svc for an endpoint or endpoint group');
    return null;
  }
  if (lookup && !lookup.exists(kind, objectId)) {
    errors.add(
      `${path}.object_id`,
      kind === 'endpoint'
        ? 'is not a current endpoint of the tenant'
        : 'is not a current endpoint group of the tenant',
    );
    return null;
  }
  return kind;
}

const CHANNEL_SET: ReadonlySet<string> = new Set(KNOWN_CHANNELS);

/**
 * A channel no agent reports would make a rule that never fires (issue 14): every entry must be
 * one of the channel vocabulary. The message lists the vocabulary, never the value sent.
 */
function checkChannels(errors: FieldErrors, path: string, list: unknown): void {
  if (!Array.isArray(list)) return;
  list.forEach((item, i) => {
    if (isNonEmptyString(item) && !CHANNEL_SET.has(item))
      errors.add(`${path}[${i}]`, `must be one of: ${KNOWN_CHANNELS.join(', ')}`);
  });
}

/**
 * Validates a policy or exception scope. Compiler-only `exclude_*` lists are refused: an author
 * writes exclusions as typed targets (document 1, end of "Endpoints").
 */
export function validateScope(
  errors: FieldErrors,
  path: string,
  value: unknown,
  lookup: TargetLookup | undefined,
): ScopeFacts {
  const facts: ScopeFacts = { empty: true, named: new Set() };
  if (value === undefined || value === null) return facts;
  if (!isRecord(value)) {
    errors.add(path, 'must be an object');
    return facts;
  }
  for (const key of Object.keys(value)) {
    if (!SCOPE_KEYS.has(key)) errors.add(`${path}.${key}`, 'is not a scope dimension');
  }
  for (const dim of COMPILER_ONLY_DIMENSIONS) {
    const v = value[dim];
    if (v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)) {
      errors.add(
        `${path}.${dim}`,
        'is written only by the bundle compiler; give the exclusion in exclude_targets',
      );
    }
  }
  for (const dim of AUTHOR_LIST_DIMENSIONS) {
    const list = checkStringList(errors, `${path}.${dim}`, value[dim], LIMITS.list_max);
    if (list.length > 0) {
      facts.empty = false;
      facts.named.add(dim);
    }
  }
  checkChannels(errors, `${path}.channels`, value['channels']);
  for (const key of ['include_targets', 'exclude_targets'] as const) {
    const list = value[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      errors.add(`${path}.${key}`, 'must be a list of typed targets');
      continue;
    }
    if (list.length > LIMITS.list_max)
      errors.add(`${path}.${key}`, `must list at most ${LIMITS.list_max} targets`);
    list.forEach((t, i) => {
      const kind = validateTarget(errors, `${path}.${key}[${i}]`, t, lookup);
      if (kind) {
        facts.empty = false;
        facts.named.add(`${key}.${kind}`);
      }
    });
    if (list.length > 0) facts.empty = false;
  }
  return facts;
}
