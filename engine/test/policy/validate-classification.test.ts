import { describe, expect, it } from 'vitest';
import { validateClassificationDefinition } from '../../src/policy/index.js';

const ok = {
  classification_id: 'pci',
  classification_version: 1,
  revision: 0,
  name: 'PCI',
  rules: [
    {
      rule_id: 'r1',
      name: 'cards',
      min_elements: 1,
      elements: [
        {
          element_id: 'e1',
          detector_id: 'payment_card',
          min_matches: 1,
          min_confidence: 75,
          require_validated: true,
        },
      ],
    },
  ],
};

describe('validateClassificationDefinition', () => {
  it('accepts a definition with named rules', () => {
    expect(validateClassificationDefinition(ok)).toEqual([]);
  });

  it('names each bad field by path', () => {
    const bad = {
      ...ok,
      classification_version: 0,
      rules: [
        { ...ok.rules[0], min_elements: 2 },
        {
          rule_id: 'r1',
          name: 'dup',
          elements: [
            {
              element_id: 'e',
              detector_id: '',
              min_matches: 0,
              min_confidence: 101,
              require_validated: 'yes',
            },
          ],
        },
      ],
    };
    expect(validateClassificationDefinition(bad).map((e) => e.field)).toEqual([
      'classification_version',
      'rules[0].min_elements',
      'rules[1].rule_id',
      'rules[1].elements[0].detector_id',
      'rules[1].elements[0].min_matches',
      'rules[1].elements[0].min_confidence',
      'rules[1].elements[0].require_validated',
    ]);
  });

  it('needs at least one rule with at least one element', () => {
    expect(validateClassificationDefinition({ ...ok, rules: [] }).map((e) => e.field)).toEqual(['rules']);
    expect(
      validateClassificationDefinition({ ...ok, rules: [{ rule_id: 'r', name: 'n', elements: [] }] }).map(
        (e) => e.field,
      ),
    ).toEqual(['rules[0].elements']);
  });
});
