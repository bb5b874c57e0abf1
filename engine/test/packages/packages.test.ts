import { describe, expect, test } from 'vitest';
import {
  applyResolution,
  type PolicyVersionInput,
  packageDigest,
  policyReferences,
  portableSpec,
  resolveDependencies,
  type TenantObjects,
} from '../../src/index.js';

const TARGET = {
  kind: 'directory_group' as const,
  source: { type: 'windows_directory' as const, domain_sid: 'S-1-5-21-1-2-3' },
  object_id: 'S-1-5-21-1-2-3-1104',
  label: 'Finance',
};

const spec = (): PolicyVersionInput =>
  ({
    name: 'Cards to USB',
    owner: 'someone@example.com',
    severity: 'high',
    scope: {
      channels: ['removable_storage'],
      user_ids: ['u-1'],
      departments: ['Finance'],
      agent_groups: ['Laptops'],
      include_targets: [TARGET],
      exclude_groups: ['compiled'],
    },
    condition: {
      op: 'and',
      nodes: [
        { op: 'detector', detector_id: 'payment_card' },
        { op: 'not', node: { op: 'detector', detector_id: 'acme_ref' } },
        { op: 'classification', classification_id: 'secret', classification_version: 2, revision: 3 },
        { op: 'detector', detector_id: 'payment_card', min_matches: 5 },
      ],
    },
    exceptions: [
      { id: 'e1', reason: 'r', approved_by: 'a', scope: { user_ids: ['u-1'], exclude_device_ids: ['d'] } },
    ],
    notifications: { prompt_message_id: 'pm-1' },
    response: 'block',
    change_reason: 'x',
  }) as PolicyVersionInput;

describe('references', () => {
  test('every named object once, with every path that names it', () => {
    const refs = policyReferences(spec());
    const byKey = Object.fromEntries(refs.map((r) => [r.key, r.paths]));
    expect(byKey).toEqual({
      'detector:payment_card': ['condition.nodes[0].detector_id', 'condition.nodes[3].detector_id'],
      'detector:acme_ref': ['condition.nodes[1].node.detector_id'],
      'classification:secret@2.3': ['condition.nodes[2].classification_id'],
      'scope_user:u-1': ['scope.user_ids[0]', 'exceptions[0].scope.user_ids[0]'],
      'scope_department:Finance': ['scope.departments[0]'],
      'scope_endpoint_group:Laptops': ['scope.agent_groups[0]'],
      'scope_target:directory_group:windows_directory/S-1-5-21-1-2-3:S-1-5-21-1-2-3-1104': [
        'scope.include_targets[0]',
      ],
      'prompt_message:pm-1': ['notifications.prompt_message_id'],
    });
    expect(refs.find((r) => r.kind === 'scope_target')?.name).toBe('Finance');
  });
});

describe('portable spec and digest', () => {
  test('owner and compiler-only lists are removed, the rest kept', () => {
    const p = portableSpec(spec());
    expect(p.owner).toBeUndefined();
    expect(p.scope.exclude_groups).toBeUndefined();
    expect(p.exceptions?.[0]?.scope.exclude_device_ids).toBeUndefined();
    expect(p.scope.user_ids).toEqual(['u-1']);
    expect(spec().owner).toBe('someone@example.com');
  });

  test('the digest ignores its own field and key order, and changes with any value', () => {
    const body = { format: 'svc.policy-package', a: 1, b: [1, 2] } as never;
    const d = packageDigest(body);
    expect(d).toMatch(/^[0-9a-f]{64}$/);
    expect(packageDigest({ b: [1, 2], a: 1, format: 'svc.policy-package', digest: 'x' } as never)).toBe(d);
    expect(packageDigest({ format: 'svc.policy-package', a: 2, b: [1, 2] } as never)).not.toBe(d);
  });
});

const here = (over: Partial<TenantObjects> = {}): TenantObjects => ({
  builtinDetectorVersion: (id) => (id === 'payment_card' ? 1 : undefined),
  tenantDetector: (id) => id === 'acme_ref' || id === 'our_ref',
  classification: (c) => c.classification_id === 'ours' && c.classification_version === 1 && c.revision === 1,
  promptMessage: (id) => id === 'pm-ours',
  user: (id) => id === 'u-ours',
  device: () => false,
  endpointGroup: (n) => n === 'Desktops',
  target: (t) => t.object_id === 'S-1-5-21-9-9-9-2000',
  fingerprintCorpus: (id) => id === 'corpus-ours',
  ...over,
});

function deps() {
  return policyReferences(spec()).map((d) =>
    d.kind === 'detector'
      ? { ...d, origin: d.value === 'payment_card' ? ('builtin' as const) : ('tenant' as const), version: 1 }
      : d,
  );
}

describe('dependency states', () => {
  test('another tenant: built-ins resolve, everything else needs a mapping', () => {
    const { dependencies, errors } = resolveDependencies(deps(), { sameTenant: false, objects: here() });
    expect(errors).toEqual([]);
    const states = Object.fromEntries(dependencies.map((d) => [d.key, d.state]));
    expect(states['detector:payment_card']).toBe('exact');
    // acme_ref exists here by that id, yet another tenant's object never resolves by name.
    expect(states['detector:acme_ref']).toBe('requires_mapping');
    expect(Object.values(states).filter((s) => s === 'requires_mapping')).toHaveLength(7);
    expect(dependencies.find((d) => d.kind === 'prompt_message')?.removable).toBe(true);
    expect(dependencies.find((d) => d.kind === 'detector')?.removable).toBe(false);
  });

  test('a built-in at another version is incompatible; one this server lacks is missing', () => {
    const other = resolveDependencies(deps(), {
      sameTenant: true,
      objects: here({ builtinDetectorVersion: () => 2 }),
    });
    expect(other.dependencies.find((d) => d.key === 'detector:payment_card')?.state).toBe('incompatible');
    const none = resolveDependencies(deps(), {
      sameTenant: true,
      objects: here({ builtinDetectorVersion: () => undefined }),
    });
    expect(none.dependencies.find((d) => d.key === 'detector:payment_card')?.state).toBe('missing');
  });

  test('the same tenant: present objects are exact, vanished ones missing', () => {
    const { dependencies } = resolveDependencies(deps(), { sameTenant: true, objects: here() });
    const states = Object.fromEntries(dependencies.map((d) => [d.key, d.state]));
    expect(states['detector:acme_ref']).toBe('exact');
    expect(states['scope_department:Finance']).toBe('exact');
    expect(states['scope_user:u-1']).toBe('missing');
    expect(states['classification:secret@2.3']).toBe('missing');
  });

  test('mappings resolve, and a bad mapping is a field error by position', () => {
    const mappings = [
      { key: 'detector:acme_ref', to: 'our_ref' },
      {
        key: 'classification:secret@2.3',
        to: { classification_id: 'ours', classification_version: 1, revision: 1 },
      },
      { key: 'scope_user:u-1', to: 'u-ours' },
      { key: 'scope_department:Finance', to: 'Finans' },
      { key: 'scope_endpoint_group:Laptops', to: 'Desktops' },
      {
        key: 'scope_target:directory_group:windows_directory/S-1-5-21-1-2-3:S-1-5-21-1-2-3-1104',
        to: {
          kind: 'directory_group' as const,
          source: { type: 'windows_directory' as const, domain_sid: 'S-1-5-21-9-9-9' },
          object_id: 'S-1-5-21-9-9-9-2000',
        },
      },
      { key: 'prompt_message:pm-1', remove: true },
    ];
    const r = resolveDependencies(deps(), { sameTenant: false, objects: here(), mappings });
    expect(r.errors).toEqual([]);
    expect(r.dependencies.filter((d) => d.state === 'requires_mapping')).toEqual([]);
    expect(r.dependencies.find((d) => d.kind === 'prompt_message')?.state).toBe('removed');
    const out = applyResolution(spec(), r.dependencies, mappings);
    expect(out.scope.user_ids).toEqual(['u-ours']);
    expect(out.exceptions?.[0]?.scope.user_ids).toEqual(['u-ours']);
    expect(out.scope.departments).toEqual(['Finans']);
    expect(out.scope.include_targets?.[0]?.object_id).toBe('S-1-5-21-9-9-9-2000');
    expect(out.notifications?.prompt_message_id).toBeNull();
    expect(JSON.stringify(out.condition)).toContain('"detector_id":"our_ref"');
    expect(JSON.stringify(out.condition)).toContain(
      '"classification_id":"ours","classification_version":1,"revision":1',
    );

    const bad = resolveDependencies(deps(), {
      sameTenant: false,
      objects: here(),
      mappings: [
        { key: 'detector:acme_ref', to: 'nothing_here' },
        { key: 'nope', to: 'x' },
        { key: 'scope_user:u-1', remove: true },
        { key: 'detector:acme_ref', to: 'our_ref' },
      ],
    });
    expect(bad.errors.map((e) => e.field)).toEqual([
      'mappings[1].key',
      'mappings[3].key',
      'mappings[0].to',
      'mappings[2].remove',
    ]);
  });
});

describe('a fingerprint condition names its corpus (our dependency kind beyond document 1)', () => {
  const withCorpus = (): PolicyVersionInput =>
    ({
      ...spec(),
      condition: {
        op: 'or',
        nodes: [
          { op: 'fingerprint', corpus_id: 'corpus-theirs', match: 'normalised' },
          { op: 'not', node: { op: 'fingerprint', corpus_id: 'corpus-theirs', match: 'exact' } },
        ],
      },
    }) as PolicyVersionInput;

  test('one dependency with both paths; another tenant maps it to its own corpus', () => {
    const refs = policyReferences(withCorpus()).filter((d) => d.kind === 'fingerprint_corpus');
    expect(refs).toEqual([
      {
        key: 'fingerprint_corpus:corpus-theirs',
        kind: 'fingerprint_corpus',
        value: 'corpus-theirs',
        paths: ['condition.nodes[0].corpus_id', 'condition.nodes[1].node.corpus_id'],
      },
    ]);
    const unmapped = resolveDependencies(refs, { sameTenant: false, objects: here() });
    expect(unmapped.dependencies[0]).toMatchObject({ state: 'requires_mapping', removable: false });
    // Same tenant, corpus deleted since the export: missing, not exact.
    const gone = resolveDependencies(refs, { sameTenant: true, objects: here() });
    expect(gone.dependencies[0]?.state).toBe('missing');
    const wrong = resolveDependencies(refs, {
      sameTenant: false,
      objects: here(),
      mappings: [{ key: 'fingerprint_corpus:corpus-theirs', to: 'corpus-nobody' }],
    });
    expect(wrong.errors).toEqual([
      { field: 'mappings[0].to', message: 'names no fingerprint_corpus of this tenant' },
    ]);
    const mappings = [{ key: 'fingerprint_corpus:corpus-theirs', to: 'corpus-ours' }];
    const mapped = resolveDependencies(refs, { sameTenant: false, objects: here(), mappings });
    expect(mapped.dependencies[0]).toMatchObject({ state: 'mapped', resolved_to: 'corpus-ours' });
    const out = applyResolution(withCorpus(), mapped.dependencies, mappings);
    expect(out.condition).toEqual({
      op: 'or',
      nodes: [
        { op: 'fingerprint', corpus_id: 'corpus-ours', match: 'normalised' },
        { op: 'not', node: { op: 'fingerprint', corpus_id: 'corpus-ours', match: 'exact' } },
      ],
    });
  });
});
