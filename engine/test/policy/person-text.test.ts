/** Issue 14: one rule for text a person writes and another reads (names, labels, reasons, notices). */
import { describe, expect, it } from 'vitest';
import { CUSTOS_SECRET_PREFIXES } from '../../src/detectors/index.js';
import {
  CREDENTIAL_TEXT_MESSAGE,
  personTextProblem,
  UNSAFE_LINE_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
  validatePolicyVersion,
  validatePromptMessage,
} from '../../src/policy/index.js';

const HOSTILE: [string, string][] = [
  ['NUL', 'Finance\u0000team'],
  ['an escape sequence', 'Finance \u001b[31mteam'],
  ['DEL', 'Finance\u007f'],
  ['a C1 control', 'Finance\u009bteam'],
  ['the right-to-left override', 'invoice\u202Efdp.exe'],
  ['a directional isolate', 'name\u2066x\u2069'],
  ['a lone surrogate', 'name\ud800x'],
];

describe('personTextProblem', () => {
  it.each(HOSTILE)('refuses %s in a one-line and a multi-line text', (_, text) => {
    expect(personTextProblem(text, 'line')).toBe(UNSAFE_LINE_MESSAGE);
    expect(personTextProblem(text, 'multiline')).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('lets line breaks and tabs into multi-line texts only', () => {
    expect(personTextProblem('first line\nsecond\tline\r\n', 'multiline')).toBeNull();
    expect(personTextProblem('first\nsecond', 'line')).toBe(UNSAFE_LINE_MESSAGE);
    expect(personTextProblem('first\u2028second', 'line')).toBe(UNSAFE_LINE_MESSAGE);
  });

  it('accepts ordinary text in the four notice languages, emoji and right-to-left scripts', () => {
    for (const text of [
      'Müşteri kartı — İstanbul',
      'Kart nömrəsi aşkarlandı',
      'Номер карты обнаружен',
      'فريق المالية',
      'Team 👩‍💻 Finance',
    ])
      expect(personTextProblem(text, 'line')).toBeNull();
  });

  it('refuses a credential-shaped value with its own sentence', () => {
    expect(personTextProblem('key AKIAIOSFODNN7EXAMPLE', 'line')).toBe(CREDENTIAL_TEXT_MESSAGE);
  });

  it('knows every bearer-secret prefix the server mints', () => {
    expect([...CUSTOS_SECRET_PREFIXES].sort()).toEqual(['cus_', 'dlpc_', 'dlpe_', 'dlpi_', 'dlpr_', 'dlps_']);
  });
});

describe('the rule in the engine validators', () => {
  it('names each field of a policy version that breaks it, never the value', () => {
    const errors = validatePolicyVersion(
      {
        name: 'Cards\u202E',
        description: 'ok\u0000',
        owner: 'owner\u001b@example.com',
        severity: 'high',
        scope: { channels: ['print'] },
        condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
        response: 'audit',
        change_reason: 'Initial rule -----BEGIN PRIVATE KEY----- x',
        exceptions: [
          {
            id: 'x1',
            reason: 'finance\u202e batch',
            approved_by: 'ciso\u0000@example.com',
            scope: { device_ids: ['d1'] },
          },
        ],
      },
      { now: new Date('2026-11-22T12:00:00Z') },
    );
    expect(errors.map((e) => e.field).sort()).toEqual([
      'change_reason',
      'description',
      'exceptions[0].approved_by',
      'exceptions[0].reason',
      'name',
      'owner',
    ]);
    expect(JSON.stringify(errors)).not.toMatch(/BEGIN|Cards|finance/);
  });

  it('covers a prompt message name and texts', () => {
    const errors = validatePromptMessage({
      name: 'Block\u0000',
      action: 'block',
      texts: { en: 'Blocked \u202Etxt.exe', tr: 'Engellendi' },
    });
    expect(errors.map((e) => e.field).sort()).toEqual(['name', 'texts.en']);
  });
});
