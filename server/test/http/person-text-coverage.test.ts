/**
 * Issue 14: the person-text rule cannot be forgotten on a new field. This walks the request body
 * of every route in the served OpenAPI document and fails when
 *  - a string whose property name says a person writes it (a name, label, reason, message, …)
 *    carries no `x-person-text` marker, or
 *  - a body (or part of one) is an open object or an untyped value the walk cannot see into,
 * unless the allowlists below say, field by field, why not. A new entry needs a reason a reviewer
 * can check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_TEXT_KEYWORD } from '../../src/http/person-text.js';
import { createTestApp, type TestContext } from '../helpers/index.js';

/**
 * Property names of text a person writes and another reads, from the fields that exist across
 * the API and the documents (a name ending in one of them counts: `change_reason`, `display_name`).
 */
const PERSON_WORDS = [
  'name',
  'names',
  'label',
  'labels',
  'title',
  'description',
  'reason',
  'message',
  'messages',
  'text',
  'texts',
  'comment',
  'comments',
  'note',
  'notes',
  'department',
  'departments',
  'question',
  'answer',
  'justification',
  'summary',
  'resolution',
  'owner',
  'approved_by',
];
const PERSON_FIELD = new RegExp(`(^|_)(${PERSON_WORDS.join('|')})$`);

/**
 * `METHOD /path field` → why the field is not person text. Identifiers, enums, formatted values
 * (e-mail addresses, URLs, ids, serials, codes) and secrets never carry the marker by name alone.
 */
const NOT_PERSON_TEXT: Record<string, string> = {
  // Evidence access: the service applies personTextProblem so that a refusal is audited and counted.
  'POST /api/v1/incidents/{id}/evidence justification': 'evidence console-service personTextProblem',
  'POST /api/v1/incidents/{id}/evidence-files/{file_id}/download justification':
    'evidence console-service personTextProblem',
  // A file name the endpoint reports from the file system (a signed agent request), not typed text.
  'POST /api/v1/agent/exception-requests file_name': 'endpoint-reported file name',
  // The text to classify: a simulation must take credentials, control characters and all, because
  // that is what it tests; it is scanned, never stored or shown back.
  'POST /api/v1/policies/simulate text': 'content under test',
  // A passage probed against a fingerprint corpus: content under test, never stored or shown back.
  'POST /api/v1/fingerprint-corpora/{id}/probe text': 'content under test',
  // A saved view's filter name: a query parameter's key, held to ^[a-z][a-z0-9_]{0,63}$.
  'POST /api/v1/saved-views state.filters[].name': 'identifier pattern',
  // A filter value matched against the departments stored on users and endpoints; the preview
  // stores nothing and its answer holds counts and ids, never this value.
  'POST /api/v1/policies/scope-preview scope.departments[]': 'lookup value',
  // An agent's machine-readable code from a closed list (WITHHELD_REASONS, checked by the service).
  'POST /api/v1/agent/evidence-files/{event_id}/withheld reason': 'closed code list', // Policy packages (docs/policy-packages.md): the spec's texts are checked by the engine's version
  // validation (personTextProblem on name, description, target labels) before a dry run answers or
  // an import writes; a dependency's `name` is the exporter's hint, shown back and never stored.
  'POST /api/v1/policy-packages/dry-run package.policy.name':
    'engine versionProblems (validatePolicyVersion)',
  'POST /api/v1/policy-packages/dry-run package.policy.description':
    'engine versionProblems (validatePolicyVersion)',
  'POST /api/v1/policy-packages/dry-run package.dependencies[].target.label':
    'engine validate-scope checkPersonText',
  'POST /api/v1/policy-packages/dry-run package.dependencies[].name': 'exporter hint, never stored',
  'POST /api/v1/policy-packages/dry-run mappings[].to.label': 'engine validate-scope checkPersonText',
  'POST /api/v1/policy-packages/import package.policy.name': 'engine versionProblems (validatePolicyVersion)',
  'POST /api/v1/policy-packages/import package.policy.description':
    'engine versionProblems (validatePolicyVersion)',
  'POST /api/v1/policy-packages/import package.dependencies[].target.label':
    'engine validate-scope checkPersonText',
  'POST /api/v1/policy-packages/import package.dependencies[].name': 'exporter hint, never stored',
  'POST /api/v1/policy-packages/import mappings[].to.label': 'engine validate-scope checkPersonText',
};

/**
 * `METHOD /path field` (field `(body)` for the whole body) → who checks the person text inside an
 * open object or untyped value.
 */
const OPEN_BODIES: Record<string, string> = {
  // Steps cannot be edited: any value is refused with a 422 naming `steps` (document 2).
  'PATCH /api/v1/incident-playbooks/{id} steps': 'playbooks route refuses any steps',
  // Policy versions: the engine's validatePolicyVersion applies personTextProblem to name,
  // description, owner, change_reason, exception reasons and user_messages.
  'POST /api/v1/policies (body)': 'engine validatePolicyVersion',
  'POST /api/v1/policies/{id}/versions (body)': 'engine validatePolicyVersion',
  // Custom detectors: validated by the engine's detector-definition checks (ids and patterns).
  'POST /api/v1/detectors (body)': 'engine detector definition',
  // Classification rules: the handler applies checkPersonText to every rules[i].name.
  'POST /api/v1/classifications rules[]': 'classifications/routes.ts save()',
  'POST /api/v1/classifications/{id}/revisions rules[]': 'classifications/routes.ts save()',
  // Directory-source descriptors of a preview target: matched, never stored or shown.
  'POST /api/v1/policies/scope-preview scope.include_targets[].source': 'lookup value',
  'POST /api/v1/policies/scope-preview scope.exclude_targets[].source': 'lookup value',
  // One-time secrets compared by their hash: any value that is not a live one, whatever its type
  // or length, answers the same 401 (document 3); never stored or shown.
  'POST /api/v1/auth/accept-invitation invitation': 'secret, any shape is 401',
  'POST /api/v1/auth/reset-password reset': 'secret, any shape is 401',
  // Agent events: each is checked by the ingest normaliser (normalise-event.ts), which bounds and
  // refuses every field by itself so one bad event does not refuse the batch.
  'POST /api/v1/agent/events events[]': 'ingest normaliser',
  // Agent reports (machine data, not person text): shape-checked by the agent API handlers.
  'POST /api/v1/agent/enroll schema_version': 'agent report',
  'POST /api/v1/agent/enroll capabilities': 'agent report',
  'POST /api/v1/agent/probe (body)': 'agent report',
  // SCIM bodies are open by RFC 7644 (unknown attributes accepted and ignored); every stored text
  // attribute is read through scim/attributes.ts personText (personTextProblem, 400 invalidValue).
  'POST /api/v1/scim/v2/Users (body)': 'scim attributes.ts personText',
  'PUT /api/v1/scim/v2/Users/{id} (body)': 'scim attributes.ts personText',
  'PATCH /api/v1/scim/v2/Users/{id} (body)': 'scim attributes.ts personText',
  'POST /api/v1/scim/v2/Groups (body)': 'scim attributes.ts personText',
  'PUT /api/v1/scim/v2/Groups/{id} (body)': 'scim attributes.ts personText',
  'PATCH /api/v1/scim/v2/Groups/{id} (body)': 'scim attributes.ts personText',
  // A package's spec is a policy version: the engine's versionProblems checks every text in it.
  'POST /api/v1/policy-packages/dry-run package.policy.spec': 'engine versionProblems',
  'POST /api/v1/policy-packages/import package.policy.spec': 'engine versionProblems',
  'POST /api/v1/agent/checkin (body)': 'agent report',
  'POST /api/v1/agent/checkin health': 'agent report',
  'POST /api/v1/agent/checkin capabilities': 'agent report',
};

type Schema = Record<string, unknown>;
interface Found {
  unmarked: string[];
  open: string[];
  marked: string[];
}

const isString = (s: Schema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
const lastName = (field: string) =>
  field
    .replace(/(\[\]|\{\})+$/, '')
    .split('.')
    .pop() ?? '';

function walk(s: unknown, field: string, route: string, found: Found): void {
  if (typeof s !== 'object' || s === null) return;
  const schema = s as Schema;
  const where = `${route} ${field === '' ? '(body)' : field}`;
  const keys = Object.keys(schema).filter((k) => k !== 'description');
  if (keys.length === 0) {
    found.open.push(where);
    return;
  }
  if (isString(schema)) {
    if (schema[PERSON_TEXT_KEYWORD] !== undefined) found.marked.push(where);
    else if (PERSON_FIELD.test(lastName(field)) && schema.enum === undefined && schema.const === undefined)
      found.unmarked.push(where);
  }
  for (const k of ['anyOf', 'oneOf', 'allOf'])
    for (const x of (schema[k] as unknown[] | undefined) ?? []) walk(x, field, route, found);
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  if (schema.type === 'object' || schema.properties !== undefined) {
    const extra = schema.additionalProperties;
    const anyValue =
      typeof extra === 'object' && extra !== null && Object.keys(extra).every((k) => k === 'description');
    if (extra === undefined || extra === true || anyValue) found.open.push(where);
    else if (typeof extra === 'object' && extra !== null) walk(extra, `${field}{}`, route, found);
  }
  for (const [k, v] of Object.entries(props)) walk(v, field === '' ? k : `${field}.${k}`, route, found);
  if (schema.items !== undefined) walk(schema.items, `${field}[]`, route, found);
}

let ctx: TestContext;
let found: Found;
beforeAll(async () => {
  ctx = await createTestApp();
  const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(r.statusCode).toBe(200);
  found = { unmarked: [], open: [], marked: [] };
  const paths = r.json().paths as Record<string, Record<string, { requestBody?: Schema }>>;
  for (const [path, ops] of Object.entries(paths))
    for (const [method, op] of Object.entries(ops)) {
      const content = (op.requestBody?.content ?? {}) as Record<string, { schema?: unknown }>;
      for (const media of Object.values(content))
        walk(media.schema, '', `${method.toUpperCase()} ${path}`, found);
    }
});
afterAll(async () => ctx.close());

describe('person text in the served OpenAPI document', () => {
  it('marks every person-written string of a request body, or says why not', () => {
    expect(found.unmarked.filter((f) => !(f in NOT_PERSON_TEXT))).toEqual([]);
  });

  it('sees into every request body, or says who checks what it cannot see', () => {
    expect([...new Set(found.open)].filter((f) => !(f in OPEN_BODIES))).toEqual([]);
  });

  it('keeps no stale allowlist entry', () => {
    expect(Object.keys(NOT_PERSON_TEXT).filter((f) => !found.unmarked.includes(f))).toEqual([]);
    expect(Object.keys(OPEN_BODIES).filter((f) => !found.open.includes(f))).toEqual([]);
  });

  it('walks the marked fields it should (the walk itself works)', () => {
    for (const f of [
      'POST /api/v1/users display_name',
      'POST /api/v1/agent-groups name',
      'POST /api/v1/approved-devices items[].label',
      'POST /api/v1/prompt-messages texts{}',
      'POST /api/v1/classifications name',
      'POST /api/v1/policies/scope-preview scope.include_targets[].label',
    ])
      expect(found.marked).toContain(f);
  });
});
