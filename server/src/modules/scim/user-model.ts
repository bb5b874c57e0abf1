import { AppError } from '../../http/errors.js';
import {
  attr,
  bool,
  type Email,
  ENTERPRISE_USER,
  emails,
  invalidValue,
  isObject,
  type Json,
  personText,
  text,
} from './attributes.js';

/**
 * The attributes of a User that Custos stores (docs/scim.md, Attribute mapping). Every other
 * attribute is accepted and ignored (document 3).
 */
export interface UserModel {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  formatted: string | null;
  displayName: string | null;
  emails: Email[];
  /** The provider's intent; undefined keeps the stored one. */
  active: boolean | undefined;
  department: string | null;
}

function requiredUserName(v: unknown): string {
  const name = text(v, 'userName');
  if (!name) throw invalidValue('userName is required');
  return name;
}

function setName(model: UserModel, v: unknown): void {
  if (v === null || v === undefined) {
    model.givenName = null;
    model.familyName = null;
    model.formatted = null;
    return;
  }
  if (!isObject(v)) throw invalidValue('name must be an object');
  for (const [k, value] of Object.entries(v)) setNamePart(model, k, value);
}

function setNamePart(model: UserModel, part: string, v: unknown): void {
  const p = part.toLowerCase();
  if (p === 'givenname') model.givenName = personText(v, 'name.givenName') ?? null;
  else if (p === 'familyname') model.familyName = personText(v, 'name.familyName') ?? null;
  else if (p === 'formatted') model.formatted = personText(v, 'name.formatted') ?? null;
}

function setEnterprise(model: UserModel, v: unknown): void {
  if (!isObject(v)) return;
  const dept = attr(v, 'department');
  if (dept !== undefined) model.department = personText(dept, 'department') ?? null;
}

/** One top-level attribute (case-insensitive); unknown ones are ignored. */
function setAttribute(model: UserModel, key: string, v: unknown): void {
  switch (key.toLowerCase()) {
    case 'username':
      model.userName = requiredUserName(v);
      return;
    case 'externalid':
      model.externalId = text(v, 'externalId') ?? null;
      return;
    case 'displayname':
      model.displayName = personText(v, 'displayName') ?? null;
      return;
    case 'active':
      model.active = bool(v, 'active') ?? model.active;
      return;
    case 'name':
      setName(model, v);
      return;
    case 'emails':
      model.emails = emails(v);
      return;
    case ENTERPRISE_USER.toLowerCase():
      setEnterprise(model, v);
      return;
    default:
      if (key.toLowerCase() === `${ENTERPRISE_USER}:department`.toLowerCase())
        model.department = personText(v, 'department') ?? null;
  }
}

/** POST and PUT: the whole resource (PUT replaces what is stored; `active` absent keeps it). */
export function userFromBody(body: Json): UserModel {
  const model: UserModel = {
    userName: requiredUserName(attr(body, 'userName')),
    externalId: null,
    givenName: null,
    familyName: null,
    formatted: null,
    displayName: null,
    emails: [],
    active: undefined,
    department: null,
  };
  for (const [k, v] of Object.entries(body)) if (k.toLowerCase() !== 'username') setAttribute(model, k, v);
  return model;
}

const EMAIL_BY_TYPE = /^emails\[\s*type\s+eq\s+"([^"]*)"\s*\](?:\.value)?$/i;

function patchPath(model: UserModel, op: string, path: string, value: unknown): void {
  const lower = path.toLowerCase();
  const byType = EMAIL_BY_TYPE.exec(path);
  if (byType) {
    const type = byType[1]!.toLowerCase();
    const rest = model.emails.filter((e) => e.type?.toLowerCase() !== type);
    if (op === 'remove') {
      model.emails = rest;
      return;
    }
    const v = isObject(value) ? attr(value, 'value') : value;
    const address = text(v, 'emails.value');
    if (!address) throw invalidValue('emails.value is required');
    const was = model.emails.find((e) => e.type?.toLowerCase() === type);
    model.emails = [
      ...rest,
      { value: address, type: byType[1]!, primary: was?.primary ?? rest.length === 0 },
    ];
    return;
  }
  if (lower.startsWith('name.')) {
    setNamePart(model, lower.slice(5), op === 'remove' ? null : value);
    return;
  }
  if (lower === 'emails' && op === 'add') {
    model.emails = [...model.emails, ...emails(Array.isArray(value) ? value : [value])];
    return;
  }
  if (lower === 'username' && op === 'remove') throw invalidValue('userName is required');
  if (lower === 'active' && op === 'remove') return;
  if (/[[\]]/.test(path)) throw new AppError('scim.invalid_path', 'this PATCH path is not supported');
  setAttribute(model, path, op === 'remove' ? null : value);
}

/** RFC 7644 section 3.5.2: add, replace and remove, with or without a path. */
export function applyUserPatch(model: UserModel, operations: readonly PatchOperation[]): UserModel {
  const next: UserModel = { ...model, emails: [...model.emails], active: undefined };
  for (const o of operations) {
    if (o.path !== null) patchPath(next, o.op, o.path, o.value);
    else if (o.op === 'remove') throw new AppError('scim.no_target', 'a remove operation needs a path');
    else if (isObject(o.value)) for (const [k, v] of Object.entries(o.value)) setAttribute(next, k, v);
    else throw invalidValue('an operation without a path needs an object value');
  }
  return next;
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string | null;
  value: unknown;
}

/** The PatchOp body: `Operations` (any case) of `{op, path?, value?}`; `op` in any case. */
export function patchOperations(body: Json): PatchOperation[] {
  const ops = attr(body, 'Operations');
  if (!Array.isArray(ops) || ops.length === 0)
    throw new AppError('scim.invalid_syntax', 'a PATCH request needs a list of Operations');
  return ops.map((o, i) => {
    if (!isObject(o)) throw new AppError('scim.invalid_syntax', `Operations[${i}] must be an object`);
    const op = attr(o, 'op');
    if (typeof op !== 'string' || !/^(add|replace|remove)$/i.test(op))
      throw invalidValue(`Operations[${i}].op must be add, replace or remove`);
    const path = attr(o, 'path');
    if (path !== undefined && path !== null && typeof path !== 'string')
      throw new AppError('scim.invalid_path', `Operations[${i}].path must be a string`);
    return {
      op: op.toLowerCase() as PatchOperation['op'],
      path: typeof path === 'string' && path.trim() !== '' ? path.trim() : null,
      value: attr(o, 'value'),
    };
  });
}
