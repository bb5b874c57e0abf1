import { AppError } from '../../http/errors.js';
import { attr, invalidValue, isObject, type Json, personText, text } from './attributes.js';
import type { PatchOperation } from './user-model.js';

/** The stored attributes of a Group: name, external id and member ids (SCIM user ids). */
export interface GroupModel {
  displayName: string;
  externalId: string | null;
  members: string[];
}

function requiredName(v: unknown): string {
  const name = personText(v, 'displayName');
  if (!name) throw invalidValue('displayName is required');
  return name;
}

/**
 * Member values: a list of `{value}` objects, one object, or (as Microsoft's collection sends)
 * a bare id string. Unknown ids are tolerated and ignored when stored.
 */
export function memberIds(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((m, i) => {
    const value = isObject(m) ? attr(m, 'value') : m;
    if (typeof value !== 'string' || value === '' || value.length > 256)
      throw invalidValue(`members[${i}].value must be an id`);
    return value;
  });
}

export function groupFromBody(body: Json): GroupModel {
  return {
    displayName: requiredName(attr(body, 'displayName')),
    externalId: text(attr(body, 'externalId'), 'externalId') ?? null,
    members: memberIds(attr(body, 'members')),
  };
}

const MEMBER_BY_VALUE = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i;

function setAttribute(model: GroupModel, op: PatchOperation['op'], key: string, value: unknown): void {
  switch (key.toLowerCase()) {
    case 'displayname':
      model.displayName = requiredName(value);
      return;
    case 'externalid':
      model.externalId = text(value, 'externalId') ?? null;
      return;
    case 'members': {
      const ids = memberIds(value);
      model.members = op === 'add' ? [...new Set([...model.members, ...ids])] : ids;
      return;
    }
    default:
  }
}

/** RFC 7644 section 3.5.2 on a Group: members added, removed (all, by value filter, by list), replaced. */
export function applyGroupPatch(model: GroupModel, operations: readonly PatchOperation[]): GroupModel {
  const next = { ...model, members: [...model.members] };
  for (const o of operations) {
    if (o.op === 'remove') {
      if (o.path === null) throw new AppError('scim.no_target', 'a remove operation needs a path');
      const one = MEMBER_BY_VALUE.exec(o.path);
      if (one) next.members = next.members.filter((m) => m !== one[1]);
      else if (o.path.toLowerCase() === 'members') {
        const drop = o.value === undefined ? null : new Set(memberIds(o.value));
        next.members = drop === null ? [] : next.members.filter((m) => !drop.has(m));
      } else if (o.path.toLowerCase() === 'externalid') next.externalId = null;
      else if (o.path.toLowerCase() === 'displayname') throw invalidValue('displayName is required');
      else if (/[[\]]/.test(o.path))
        throw new AppError('scim.invalid_path', 'this PATCH path is not supported');
      continue;
    }
    if (o.path !== null) {
      if (/[[\]]/.test(o.path)) throw new AppError('scim.invalid_path', 'this PATCH path is not supported');
      setAttribute(next, o.op, o.path, o.value);
    } else if (isObject(o.value)) {
      for (const [k, v] of Object.entries(o.value)) setAttribute(next, o.op, k, v);
    } else throw invalidValue('an operation without a path needs an object value');
  }
  return next;
}
