import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from './errors.js';
import { addPersonTextKeyword, PERSON_TEXT_KEYWORD } from './person-text.js';
import { lazyCompiled } from './schema-cache.js';

type FormatsPlugin = (ajv: Ajv) => Ajv;
// ajv-formats is CommonJS: depending on the loader its default import is the plugin itself or
// the module object holding it as `default`.
const formatsPlugin: FormatsPlugin =
  typeof addFormats === 'function'
    ? (addFormats as unknown as FormatsPlugin)
    : (addFormats as unknown as { default: FormatsPlugin }).default;

/**
 * Two validators: JSON bodies are taken as typed (a string "5" is not the integer 5), while
 * path, query and header values are text on the wire and are coerced to the schema's types.
 * allErrors so a 422 names every bad field at once.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    strict: false,
  });
  formatsPlugin(ajv);
  addPersonTextKeyword(ajv);
  return ajv;
}

/**
 * The two validators live for the process; each route's validator is compiled on its first
 * request and kept (http/schema-cache.ts), so a process that builds many apps (the test suite)
 * compiles each request schema once. Compiled functions hold no per-app state.
 */
let validators: { body: Ajv; text: Ajv } | undefined;

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  validators ??= { body: makeAjv(false), text: makeAjv(true) };
  const { body, text } = validators;
  return ({ schema, httpPart }) => {
    const isBody = httpPart === 'body';
    return lazyCompiled<ValidateFunction>(
      `${isBody ? 'body' : 'text'}\u0000${JSON.stringify(schema)}`,
      () => (isBody ? body : text).compile(schema as object) as ValidateFunction,
      (resolve) => {
        // Fastify reads `errors` from the function it was given, after a failed call.
        const standIn = ((data: unknown) => {
          const validate = resolve();
          const valid = validate(data);
          standIn.errors = validate.errors;
          return valid;
        }) as ValidateFunction;
        return standIn;
      },
    );
  };
}

/** What stands for a property name that cannot be shown (too long, or not printable ASCII). */
export const UNKNOWN_PROPERTY = '<unknown property>';
const MAX_NAME = 64;
/** At most this many fields are named in one 422. */
export const MAX_DETAILS = 50;
const PRINTABLE_NAME = /^[\x21-\x7e]+$/;

/**
 * A property name as it may appear in a 422: the name itself when it is at most 64 printable
 * ASCII characters without spaces, else a placeholder. Names reach here from the request itself
 * (an unknown key, a key of a map), so a 200 KB key or one holding control characters must not
 * be echoed (issue 14).
 */
export function shownName(name: string): string {
  return name.length <= MAX_NAME && PRINTABLE_NAME.test(name) ? name : UNKNOWN_PROPERTY;
}

/** `/scope/channels/0` → `scope.channels[0]`; every name bounded by `shownName`. */
export function pointerToField(pointer: string): string {
  if (pointer === '' || pointer === '/') return '';
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^[0-9]{1,9}$/.test(part)) out += `[${part}]`;
    else out = join(out, shownName(part));
  }
  return out;
}

/**
 * A field path written by a service or the engine (`texts.<key>`, `rules[0].id`), bounded the
 * same way: each dotted part that is not a short printable name becomes the placeholder.
 */
export function shownField(field: string): string {
  if (field === '' || field === '(body)') return field;
  return field
    .split('.')
    .map((part) => {
      if (part.length > MAX_NAME + 32) return UNKNOWN_PROPERTY;
      const m = /^(.*?)((?:\[[0-9]{1,9}\])*)$/.exec(part) as RegExpExecArray;
      return `${m[1] === '' ? '' : shownName(m[1] as string)}${m[2]}`;
    })
    .join('.');
}

function join(base: string, child: string): string {
  return base === '' ? child : `${base}.${child}`;
}

/**
 * One readable sentence per keyword, written here rather than taken from Ajv so that no message
 * can ever carry the submitted value (issue 2: a 422 names the field, never the value).
 */
function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type':
      return `must be ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`;
    case 'enum':
      return Array.isArray(p.allowedValues) && p.allowedValues.length <= 20
        ? `must be one of: ${p.allowedValues.join(', ')}`
        : 'is not an allowed value';
    case 'const':
      return 'is not the allowed value';
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'pattern':
      return 'has an invalid form';
    case 'minLength':
      return `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(p.limit)}`;
    case 'minItems':
      return `must have at least ${String(p.limit)} items`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return 'must not repeat items';
    case 'minProperties':
      return `must have at least ${String(p.limit)} fields`;
    case 'maxProperties':
      return `must have at most ${String(p.limit)} fields`;
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`;
    case 'anyOf':
    case 'oneOf':
      return 'does not match any allowed form';
    case PERSON_TEXT_KEYWORD:
      // A fixed sentence of the engine's rule; never the text.
      return typeof p.problem === 'string' ? p.problem : 'is invalid';
    default:
      return 'is invalid';
  }
}

/** Ajv errors → details naming each field once (first message per field wins). */
export function validationDetails(errors: readonly ErrorObject[]): FieldError[] {
  const seen = new Map<string, string>();
  for (const e of errors) {
    const p = e.params as Record<string, unknown>;
    let field = pointerToField(e.instancePath);
    if (e.keyword === 'required' && typeof p.missingProperty === 'string')
      field = join(field, shownName(p.missingProperty));
    if (e.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') {
      field = join(field, shownName(p.additionalProperty));
    }
    // anyOf/oneOf repeat their branches' errors; the summary line is enough.
    if (seen.has(field) && (e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
      seen.set(field, describe(e));
      continue;
    }
    if (!seen.has(field)) seen.set(field, describe(e));
  }
  // Bounded: a body of thousands of unknown keys must not come back as thousands of details.
  return [...seen]
    .slice(0, MAX_DETAILS)
    .map(([field, message]) => ({ field: field === '' ? '(body)' : field, message }));
}
