import { describe, expect, it } from 'vitest';
import { type DecisionEvent, decide, preparePolicies } from '../../src/evaluate/index.js';
import type { ClassificationDefinition, ConditionNode } from '../../src/policy/index.js';
import { bundlePolicy, context, event, finding } from './fixtures.js';

const CLASSIFICATION: ClassificationDefinition = {
  classification_id: 'pci',
  classification_version: 2,
  revision: 3,
  name: 'PCI data',
  rules: [
    {
      rule_id: 'r-card-and-iban',
      name: 'card with account',
      elements: [
        {
          element_id: 'e-card',
          detector_id: 'payment_card',
          min_matches: 1,
          min_confidence: 75,
          require_validated: true,
        },
        {
          element_id: 'e-iban',
          detector_id: 'iban',
          min_matches: 1,
          min_confidence: 65,
          require_validated: true,
        },
      ],
    },
    {
      rule_id: 'r-many-cards',
      name: 'many cards',
      elements: [
        {
          element_id: 'e-cards',
          detector_id: 'payment_card',
          min_matches: 5,
          min_confidence: 65,
          require_validated: true,
        },
      ],
    },
  ],
};

function run(condition: ConditionNode, ev: DecisionEvent, ctxOver = {}) {
  const compiled = preparePolicies(
    [bundlePolicy({ policy_id: 'p1', condition, response: 'audit' })],
    [CLASSIFICATION],
  );
  return decide(compiled, ev, context({ explain_unmatched: true, ...ctxOver }));
}

const matched = (d: ReturnType<typeof run>): boolean => d.matched_policies.length === 1;
const NOT_READ: DecisionEvent['content'] = { status: 'not_read', reason: 'encrypted' };

describe('detector conditions (rule 4)', () => {
  const unvalidated = finding('payment_card', 'financial', [{ validated: false, confidence: 65 }]);
  it('require_validated separates a 16-digit number from one passing the checksum', () => {
    const node: ConditionNode = { op: 'detector', detector_id: 'payment_card', require_validated: true };
    expect(matched(run(node, event({ content: { status: 'read', findings: [unvalidated] } })))).toBe(false);
    expect(
      matched(
        run(
          { ...node, require_validated: false },
          event({ content: { status: 'read', findings: [unvalidated] } }),
        ),
      ),
    ).toBe(true);
  });
  it('min_matches and min_confidence count qualifying hits only', () => {
    const f = finding('payment_card', 'financial', [
      { confidence: 85 },
      { confidence: 65 },
      { confidence: 75 },
    ]);
    const ev = event({ content: { status: 'read', findings: [f] } });
    expect(
      matched(run({ op: 'detector', detector_id: 'payment_card', min_matches: 2, min_confidence: 75 }, ev)),
    ).toBe(true);
    expect(
      matched(run({ op: 'detector', detector_id: 'payment_card', min_matches: 3, min_confidence: 75 }, ev)),
    ).toBe(false);
  });
  it('category aggregates across the detectors of a category', () => {
    const ev = event({
      content: {
        status: 'read',
        findings: [
          finding('iban', 'financial', [{ start: 0 }]),
          finding('payment_card', 'financial', [{ start: 40 }]),
        ],
      },
    });
    const d = run({ op: 'category', category: 'financial', min_matches: 2 }, ev);
    expect(matched(d)).toBe(true);
    expect(d.matched_policies[0]!.evidence[0]!.detector_ids).toEqual(['iban', 'payment_card']);
  });
  it('total_matches counts across all detectors', () => {
    const ev = event({
      content: {
        status: 'read',
        findings: [finding('email', 'contact', [{}, {}]), finding('phone', 'contact', [{}])],
      },
    });
    expect(matched(run({ op: 'total_matches', min_matches: 3 }, ev))).toBe(true);
    expect(matched(run({ op: 'total_matches', min_matches: 4 }, ev))).toBe(false);
  });
});

describe('classification conditions (rules 1 and 2)', () => {
  const node: ConditionNode = {
    op: 'classification',
    classification_id: 'pci',
    classification_version: 2,
    revision: 3,
  };
  it('matches by one exact coordinate and keeps coordinate, rule, element and detector ids as evidence', () => {
    const ev = event({
      content: {
        status: 'read',
        findings: [finding('payment_card', 'financial', [{}]), finding('iban', 'financial', [{}])],
      },
    });
    const d = run(node, ev);
    expect(matched(d)).toBe(true);
    const e = d.matched_policies[0]!.evidence[0]!;
    expect(e).toMatchObject({
      value: 'true',
      code: 'classification.matched',
      coordinate: { classification_id: 'pci', classification_version: 2, revision: 3 },
      rule_id: 'r-card-and-iban',
      element_ids: ['e-card', 'e-iban'],
      detector_ids: ['payment_card', 'iban'],
    });
  });
  it('a different revision is a different binding and proves nothing', () => {
    const d = run({ ...node, revision: 4 }, event());
    expect(d.not_matched).toEqual([
      {
        policy_id: 'p1',
        stage: 'condition',
        code: 'condition.not_evaluated',
        text: 'the condition could not be evaluated',
      },
    ]);
  });
  it('is not_evaluated when the content was not read, and never a match under not', () => {
    const d = run({ op: 'not', node }, event({ content: NOT_READ }));
    expect(matched(d)).toBe(false);
    expect(d.not_matched?.[0]?.code).toBe('condition.not_evaluated');
  });
  it('an and is still disproved by a known false child; an or proved by a known true child', () => {
    const falseLeaf: ConditionNode = { op: 'file_condition', extensions: ['xlsx'] };
    const trueLeaf: ConditionNode = { op: 'always' };
    const ev = event({ content: NOT_READ, file: { extension: 'pdf' } });
    expect(run({ op: 'and', nodes: [node, falseLeaf] }, ev).not_matched?.[0]?.code).toBe('condition.false');
    expect(matched(run({ op: 'or', nodes: [node, trueLeaf] }, ev))).toBe(true);
  });
});

describe('and / or evaluate every child (rule 3)', () => {
  it('writes evidence for each part even after the outcome is known', () => {
    const ev = event({ file: { extension: 'pdf' } });
    const d = run(
      {
        op: 'or',
        nodes: [
          { op: 'always' },
          { op: 'detector', detector_id: 'iban' },
          { op: 'file_condition', extensions: ['pdf'] },
        ],
      },
      ev,
    );
    expect(d.matched_policies[0]!.evidence.map((e) => e.path)).toEqual([
      'condition.nodes[0]',
      'condition.nodes[1]',
      'condition.nodes[2]',
    ]);
  });
  it('at_least needs n true children', () => {
    const nodes: ConditionNode[] = [
      { op: 'always' },
      { op: 'detector', detector_id: 'iban' },
      { op: 'detector', detector_id: 'payment_card' },
    ];
    expect(matched(run({ op: 'at_least', n: 2, nodes }, event()))).toBe(true);
    expect(matched(run({ op: 'at_least', n: 3, nodes }, event()))).toBe(false);
  });
});

describe('file_condition (rule 5)', () => {
  const file = {
    path: 'C:\\Users\\alice\\Finance\\Q4.xlsx',
    extension: 'XLSX',
    mime: 'application/vnd.ms-excel',
    size_bytes: 2048,
    labels: ['Confidential'],
    owner_sid: 'S-1-5-21-1-2-3-1001',
    owner_name: 'CORP\\alice',
  };
  it('matches extension, MIME, size, path fragment and labels without case', () => {
    const node: ConditionNode = {
      op: 'file_condition',
      extensions: ['.xlsx'],
      mime_types: ['application/*'],
      min_size_bytes: 1024,
      max_size_bytes: 4096,
      path_contains: ['/finance/'],
      labels: ['CONFIDENTIAL'],
    };
    expect(matched(run(node, event({ file })))).toBe(true);
    expect(matched(run({ ...node, max_size_bytes: 1000 }, event({ file })))).toBe(false);
    expect(matched(run({ op: 'file_condition', labels: ['secret'] }, event({ file })))).toBe(false);
  });
  it('owners match the SID or resolved name exactly without case, never a substring', () => {
    expect(matched(run({ op: 'file_condition', owners: ['s-1-5-21-1-2-3-1001'] }, event({ file })))).toBe(
      true,
    );
    expect(matched(run({ op: 'file_condition', owners: ['corp\\ALICE'] }, event({ file })))).toBe(true);
    expect(matched(run({ op: 'file_condition', owners: ['alice'] }, event({ file })))).toBe(false);
  });
  it('a failed name lookup leaves the name absent: only the SID can match', () => {
    const noName = { ...file, owner_name: null };
    expect(matched(run({ op: 'file_condition', owners: ['CORP\\alice'] }, event({ file: noName })))).toBe(
      false,
    );
  });
  it('an event without a file does not match', () => {
    expect(matched(run({ op: 'file_condition', extensions: ['xlsx'] }, event()))).toBe(false);
  });
});

describe('removable_device (rule 7)', () => {
  const anyOf: ConditionNode = {
    op: 'removable_device',
    match_mode: 'any_of',
    serials: ['ABC123'],
    classes: ['optical_disc'],
  };
  const noneOf: ConditionNode = { ...anyOf, match_mode: 'none_of' };
  const usb = (serial: string | null) => event({ removable: { serial, device_class: 'usb_mass_storage' } });
  it('serials and classes form one membership test; serials compare without case', () => {
    expect(matched(run(anyOf, usb('abc123')))).toBe(true);
    expect(matched(run(anyOf, event({ removable: { serial: 'zzz', device_class: 'optical_disc' } })))).toBe(
      true,
    );
    expect(matched(run(anyOf, usb('other')))).toBe(false);
  });
  it('none_of is the allow-list: a listed device is admitted (no match), another matches', () => {
    expect(matched(run(noneOf, usb('ABC123')))).toBe(false);
    expect(matched(run(noneOf, usb('other')))).toBe(true);
  });
  it('a device with no serial is never admitted by an allow-list, and the explanation says so', () => {
    const d = run(noneOf, usb(null));
    expect(matched(d)).toBe(true);
    expect(d.matched_policies[0]!.evidence[0]!.code).toBe('removable.no_serial');
  });
  it('an event with no removable destination matches neither mode', () => {
    expect(matched(run(anyOf, event()))).toBe(false);
    expect(matched(run(noneOf, event()))).toBe(false);
  });
  it('a phone is identified by class only: a reported serial is ignored', () => {
    const phone = event({ removable: { serial: 'ABC123', device_class: 'mobile_device' } });
    expect(matched(run({ op: 'removable_device', match_mode: 'any_of', serials: ['ABC123'] }, phone))).toBe(
      false,
    );
    expect(
      matched(run({ op: 'removable_device', match_mode: 'any_of', classes: ['mobile_device'] }, phone)),
    ).toBe(true);
    expect(matched(run({ op: 'removable_device', match_mode: 'none_of', serials: ['ABC123'] }, phone))).toBe(
      true,
    );
  });
});

describe('network_location (rule 6)', () => {
  const node: ConditionNode = { op: 'network_location', any_of: ['off_network', 'vpn'] };
  it('matches a listed location', () => {
    expect(matched(run(node, event(), { network_location: 'vpn' }))).toBe(true);
    expect(matched(run(node, event(), { network_location: 'corporate' }))).toBe(false);
  });
  it('an endpoint that reported no location matches nothing, not even under not', () => {
    expect(matched(run(node, event(), { network_location: null }))).toBe(false);
    expect(matched(run({ op: 'not', node }, event(), { network_location: null }))).toBe(false);
  });
  it('unknown matches only a rule naming it and is never the corporate network', () => {
    expect(matched(run(node, event(), { network_location: 'unknown' }))).toBe(false);
    expect(
      matched(
        run({ op: 'network_location', any_of: ['corporate'] }, event(), { network_location: 'unknown' }),
      ),
    ).toBe(false);
    expect(
      matched(run({ op: 'network_location', any_of: ['unknown'] }, event(), { network_location: 'unknown' })),
    ).toBe(true);
  });
});

describe('always', () => {
  it('matches without content, for discovery-only inventory policies', () => {
    expect(matched(run({ op: 'always' }, event({ channel: 'discovery', content: NOT_READ })))).toBe(true);
  });
});
