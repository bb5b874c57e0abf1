import { personTextProblem } from '@custos/engine';
import { AppError } from '../../http/errors.js';

/**
 * Reading SCIM bodies: attribute names are case-insensitive (RFC 7643 section 2.1), values are
 * checked by type; a refusal names the attribute, never the value.
 */
export type Json = Record<string, unknown>;

export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const CORE_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_MESSAGE = 'urn:ietf:params:scim:api:messages:2.0:Error';

const MAX_TEXT = 256;

export function invalidValue(message: string): AppError {
  return new AppError('scim.invalid_value', message);
}

export function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The value of `name` in `obj`, whatever the case of its key. */
export function attr(obj: Json, name: string): unknown {
  const lower = name.toLowerCase();
  const key = Object.keys(obj).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : obj[key];
}

/** Text or absent (undefined) or cleared (null); other types are refused. */
export function text(v: unknown, name: string): string | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== 'string') throw invalidValue(`${name} must be a string`);
  if (v.length > MAX_TEXT) throw invalidValue(`${name} is longer than ${MAX_TEXT} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
  if (/[\u0000-\u001f\u007f]/.test(v)) throw invalidValue(`${name} holds control characters`);
  return v.trim() === '' ? null : v;
}

/**
 * Text people read in the console (names, department): the person-text rule of the other routes
 * too (no direction overrides, no credential-shaped value), refused as invalidValue.
 */
export function personText(v: unknown, name: string): string | null | undefined {
  const value = text(v, name);
  if (typeof value === 'string' && personTextProblem(value, 'line') !== null)
    throw invalidValue(`${name} ${personTextProblem(value, 'line')}`);
  return value;
}

/** `active`: a boolean, or its string form "True"/"False" in any case (Entra sends strings). */
export function bool(v: unknown, name: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false`);
}

export interface Email {
  value: string;
  type: string | null;
  primary: boolean;
}

export function emails(v: unknown): Email[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalidValue('emails must be a list');
  return v.map((e, i) => {
    if (!isObject(e)) throw invalidValue(`emails[${i}] must be an object`);
    const value = text(attr(e, 'value'), `emails[${i}].value`);
    if (!value) throw invalidValue(`emails[${i}].value is required`);
    return {
      value,
      type: text(attr(e, 'type'), `emails[${i}].type`) ?? null,
      primary: bool(attr(e, 'primary'), `emails[${i}].primary`) ?? false,
    };
  });
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The account's address (decision, docs/scim.md): the primary e-mail, else the work one, else the
 * first, else userName when it is an address (Entra's UPN).
 */
export function accountAddress(list: readonly Email[], userName: string): string {
  const pick =
    list.find((e) => e.primary) ?? list.find((e) => e.type?.toLowerCase() === 'work') ?? list[0] ?? null;
  const value = pick ? pick.value : userName;
  if (!ADDRESS.test(value)) throw invalidValue('the user needs an e-mail address (emails or userName)');
  return value.toLowerCase();
}
