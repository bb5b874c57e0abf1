import { describe, expect, it } from 'vitest';
import { type PolicyValidationContext, validatePolicyVersion } from '../../src/policy/index.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const ctx: PolicyValidationContext = { now: NOW };

function base(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Card numbers to USB',
    severity: 'high',
    scope: { channels: ['removable_storage'] },
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
    response: 'block',
    change_reason: 'Initial rule for card data',
    ...over,
  };
}

function fields(input: unknown, c: PolicyValidationContext = ctx): string[] {
  return validatePolicyVersion(input, c).map((e) => e.field);
}

describe('validatePolicyVersion', () => {
  it('accepts a complete, valid version', () => {
    expect(validatePolicyVersion(base(), ctx)).toEqual([]);
  });

  it('reads warn as a valid action (historical name of inform)', () => {
    expect(fields(base({ response: 'warn', offline_response: 'warn' }))).toEqual([]);
  });

  it('refuses unknown fields and bad enums', () => {
    expect(fields(base({ colour: 'red', severity: 'info', response: 'shout' }))).toEqual(
      expect.arrayContaining(['colour', 'severity', 'response']),
    );
  });

  describe('change_reason', () => {
    it('needs 10 characters', () => {
      expect(fields(base({ change_reason: 'too short' }))).toEqual(['change_reason']);
      expect(fields(base({ change_reason: 'just right' }))).toEqual([]);
    });
    it('does not count a [REFERENCE] prefix toward the minimum', () => {
      expect(fields(base({ change_reason: '[CHG-1234] short' }))).toEqual(['change_reason']);
      expect(fields(base({ change_reason: '[CHG-1234] long enough now' }))).toEqual([]);
    });
    it('limits the reference to 80 characters and the whole to 500', () => {
      expect(fields(base({ change_reason: `[${'R'.repeat(81)}] long enough reason` }))).toEqual([
        'change_reason',
      ]);
      expect(fields(base({ change_reason: `[${'R'.repeat(80)}] long enough reason` }))).toEqual([]);
      expect(fields(base({ change_reason: 'x'.repeat(501) }))).toEqual(['change_reason']);
      expect(fields(base({ change_reason: 'x'.repeat(500) }))).toEqual([]);
    });
    it('is required', () => {
      const { change_reason: _, ...rest } = base();
      expect(fields(rest)).toEqual(['change_reason']);
    });
  });

  describe('credential-shaped text', () => {
    // An access key id with a valid account encoding (AWS's documentation key is not a credential).
    const key = 'AKIA2OGYBAH6TESTKEY7';
    it('is refused in description, change_reason, user_message and user_messages, naming the field only', () => {
      const errors = validatePolicyVersion(
        base({
          description: `uses ${key} for uploads`,
          change_reason: `rotated key ${key} today`,
          response: 'inform',
          notifications: { user_message: `key ${key}`, user_messages: { tr: `anahtar ${key}` } },
        }),
        ctx,
      );
      expect(errors.map((e) => e.field).sort()).toEqual([
        'change_reason',
        'description',
        'notifications.user_message',
        'notifications.user_messages.tr',
      ]);
      for (const e of errors) expect(e.message).not.toContain(key);
    });
    it('also refuses a real private key block and a password assignment', () => {
      // RFC 8032 TEST 1 secret key as PKCS#8: a published test key, fixed so the test is deterministic.
      const pem =
        '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n-----END PRIVATE KEY-----\n';
      expect(fields(base({ description: `deploy key:\n${pem}` }))).toEqual(['description']);
      expect(fields(base({ change_reason: 'set password = "Zx9!kQ2#rT7w" for the share' }))).toEqual([
        'change_reason',
      ]);
    });
  });

  describe('risk_thresholds', () => {
    const rt = (steps: unknown, below: unknown = 'audit') => base({ risk_thresholds: { below, steps } });
    it('accepts an ordered table written in any order', () => {
      expect(
        fields(
          rt([
            { at_or_above: 80, action: 'block' },
            { at_or_above: 40, action: 'warn' },
          ]),
        ),
      ).toEqual([]);
    });
    it('refuses no steps', () => {
      expect(fields(rt([]))).toEqual(['risk_thresholds.steps']);
    });
    it('refuses a threshold above 100', () => {
      expect(fields(rt([{ at_or_above: 101, action: 'block' }]))).toEqual([
        'risk_thresholds.steps[0].at_or_above',
      ]);
    });
    it('refuses two steps at one score', () => {
      expect(
        fields(
          rt([
            { at_or_above: 50, action: 'inform' },
            { at_or_above: 50, action: 'block' },
          ]),
        ),
      ).toEqual(['risk_thresholds.steps[1].at_or_above']);
    });
    it('refuses a higher score with a gentler action', () => {
      expect(
        fields(
          rt([
            { at_or_above: 30, action: 'block' },
            { at_or_above: 70, action: 'inform' },
          ]),
        ),
      ).toEqual(['risk_thresholds.steps[1].action']);
    });
  });

  describe('schedule', () => {
    const sched = (over: Record<string, unknown>) =>
      base({
        schedule: {
          timezone: 'Asia/Baku',
          days_of_week: [0, 1, 2, 3, 4],
          start_minute: 540,
          end_minute: 1080,
          ...over,
        },
      });
    it('accepts an IANA zone and a midnight-crossing window', () => {
      expect(fields(sched({}))).toEqual([]);
      expect(fields(sched({ timezone: 'America/New_York', start_minute: 1320, end_minute: 360 }))).toEqual(
        [],
      );
    });
    it('refuses offsets such as GMT+4 and unknown zones', () => {
      for (const tz of ['GMT+4', 'UTC+04:00', '+04:00', 'Etc/GMT-4', 'Mars/Olympus'])
        expect(fields(sched({ timezone: tz }))).toEqual(['schedule.timezone']);
    });
    it('refuses out-of-range days and minutes and an empty window', () => {
      expect(fields(sched({ days_of_week: [7] }))).toEqual(['schedule.days_of_week[0]']);
      expect(fields(sched({ start_minute: 1440 }))).toEqual(['schedule.start_minute']);
      expect(fields(sched({ start_minute: 600, end_minute: 600 }))).toEqual(['schedule.end_minute']);
    });
  });

  describe('connection policies', () => {
    const conn = (over: Record<string, unknown> = {}, connection: Record<string, unknown> = {}) =>
      base({
        scope: { operating_systems: ['windows'], agent_groups: ['finance'] },
        condition: { op: 'not', node: { op: 'and', nodes: [] } },
        connection: {
          mode: 'deny',
          applications: ['curl.exe'],
          destinations: [{ address: '203.0.113.0/24', ports: [443] }, { address: '2001:db8::1' }],
          ...connection,
        },
        ...over,
      });
    it('accepts the exact shape', () => {
      expect(fields(conn())).toEqual([]);
    });
    it('names connection.applications for a path', () => {
      expect(fields(conn({}, { applications: ['C:\\Tools\\curl.exe'] }))).toEqual([
        'connection.applications',
      ]);
    });
    it('names connection.destinations for a hostname', () => {
      expect(fields(conn({}, { destinations: [{ address: 'example.com' }] }))).toEqual([
        'connection.destinations[0].address',
      ]);
    });
    it('names response, condition and scope', () => {
      expect(fields(conn({ response: 'audit' }))).toEqual(['response']);
      expect(fields(conn({ condition: { op: 'always' } }))).toEqual(['condition']);
      expect(fields(conn({ scope: { channels: ['browser_upload'] } }))).toEqual(['scope']);
      expect(fields(conn({ scope: { groups: ['S-1-5-21-1-2-3-512'] } }))).toEqual(['scope']);
    });
  });

  describe('exceptions', () => {
    const ex = (e: Record<string, unknown>) =>
      base({
        exceptions: [
          {
            id: 'x1',
            reason: 'finance batch',
            approved_by: 'ciso@example.com',
            scope: { device_ids: ['d1'] },
            ...e,
          },
        ],
      });
    it('accepts an approved, scoped exception', () => {
      expect(fields(ex({ downgrade_to: 'warn' }))).toEqual([]);
    });
    it('refuses one without approved_by', () => {
      expect(fields(ex({ approved_by: undefined }))).toEqual(['exceptions[0].approved_by']);
    });
    it('refuses a completely empty scope', () => {
      expect(fields(ex({ scope: {} }))).toEqual(['exceptions[0].scope']);
      expect(fields(ex({ scope: { channels: [], device_ids: [] } }))).toEqual(['exceptions[0].scope']);
    });
  });

  describe('location-only rules', () => {
    const loc = { op: 'network_location', any_of: ['off_network'] };
    it('refuses block or quarantine on location alone, online or offline', () => {
      expect(fields(base({ condition: loc }))).toEqual(['condition']);
      expect(
        fields(
          base({ condition: { op: 'not', node: loc }, response: 'audit', offline_response: 'quarantine' }),
        ),
      ).toEqual(['condition']);
    });
    it('lets audit or warn rules use location alone, and block rules combine it', () => {
      expect(fields(base({ condition: loc, response: 'audit' }))).toEqual([]);
      expect(fields(base({ condition: loc, response: 'warn' }))).toEqual([]);
      expect(
        fields(base({ condition: { op: 'and', nodes: [loc, { op: 'detector', detector_id: 'iban' }] } })),
      ).toEqual([]);
    });
  });

  describe('sandbox (test) versions', () => {
    const sb = (over: Record<string, unknown> = {}) =>
      base({
        sandbox: true,
        response: 'audit',
        scope: { include_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: 'agent-1' }] },
        effective_until: '2026-12-10T00:00:00Z',
        ...over,
      });
    it('accepts an audit-only version on an exact endpoint expiring within 31 days', () => {
      expect(fields(sb())).toEqual([]);
    });
    it('refuses a non-audit online or offline action', () => {
      expect(fields(sb({ response: 'block' }))).toEqual(['response']);
      expect(fields(sb({ offline_response: 'warn' }))).toEqual(['offline_response']);
    });
    it('refuses risk-driven actions, labels and connection control', () => {
      expect(
        fields(sb({ risk_thresholds: { below: 'audit', steps: [{ at_or_above: 50, action: 'audit' }] } })),
      ).toEqual(['risk_thresholds']);
      expect(fields(sb({ apply_label: { value: 'Confidential' } }))).toEqual(['apply_label']);
    });
    it('needs an exact endpoint and no person or group target', () => {
      expect(fields(sb({ scope: { channels: ['print'] } }))).toEqual(['scope']);
      expect(fields(sb({ scope: { device_ids: ['a'], user_ids: ['S-1-5-21-1-2-3-1001'] } }))).toEqual([
        'scope',
      ]);
    });
    it('must expire within 31 days of now', () => {
      expect(fields(sb({ effective_until: '2027-01-01T00:00:00Z' }))).toEqual(['effective_until']);
      expect(fields(sb({ effective_until: undefined }))).toEqual(['effective_until']);
      expect(fields(sb({ effective_until: '2026-11-01T00:00:00Z' }))).toEqual(['effective_until']);
    });
  });

  describe('notifications', () => {
    it('bounds justification.min_chars to 12..500', () => {
      const j = (min_chars: number) => base({ notifications: { justification: { min_chars } } });
      expect(fields(j(11))).toEqual(['notifications.justification.min_chars']);
      expect(fields(j(501))).toEqual(['notifications.justification.min_chars']);
      expect(fields(j(12))).toEqual([]);
      expect(fields(j(500))).toEqual([]);
    });
    it('refuses empty, over-long and pattern-naming texts', () => {
      const n = (t: string) => base({ notifications: { user_messages: { en: t } } });
      expect(fields(n(''))).toEqual(['notifications.user_messages.en']);
      expect(fields(n('x'.repeat(513)))).toEqual(['notifications.user_messages.en']);
      expect(fields(n('Matched \\d{16} in your file'))).toEqual(['notifications.user_messages.en']);
      expect(fields(n('Card data may not leave this device.'))).toEqual([]);
    });
    it('refuses a text naming a detector the server lists', () => {
      const input = base({ notifications: { user_message: 'The payment_card detector fired.' } });
      expect(fields(input, { ...ctx, detectorNames: ['payment_card'] })).toEqual([
        'notifications.user_message',
      ]);
    });
    it('checks prompt_message_id against the tenant library and the action', () => {
      const prompts = {
        find: (id: string) =>
          id === 'pm-block' ? { action: 'block' as const, retired_at: null } : undefined,
      };
      expect(fields(base({ notifications: { prompt_message_id: 'pm-block' } }), { ...ctx, prompts })).toEqual(
        [],
      );
      expect(
        fields(base({ response: 'inform', notifications: { prompt_message_id: 'pm-block' } }), {
          ...ctx,
          prompts,
        }),
      ).toEqual(['notifications.prompt_message_id']);
      expect(fields(base({ notifications: { prompt_message_id: 'other' } }), { ...ctx, prompts })).toEqual([
        'notifications.prompt_message_id',
      ]);
    });
  });

  describe('scope and typed targets', () => {
    it('refuses a channel outside the vocabulary, naming the entry and never the value', () => {
      const errors = validatePolicyVersion(
        base({
          scope: { channels: ['removable_storage', 'removable_storge', 'Print'] },
          exceptions: [{ id: 'x1', reason: 'r', approved_by: 'a@example.com', scope: { channels: ['usb'] } }],
        }),
        ctx,
      );
      expect(errors.map((e) => e.field)).toEqual([
        'scope.channels[1]',
        'scope.channels[2]',
        'exceptions[0].scope.channels[0]',
      ]);
      expect(JSON.stringify(errors)).not.toContain('removable_storge');
      expect(fields(base({ scope: { channels: ['print', 'clipboard', 'network_connection'] } }))).toEqual([]);
    });
    const tgt = (t: Record<string, unknown>) => base({ scope: { include_targets: [t] } });
    const dom = { type: 'windows_directory', domain_sid: 'S-1-5-21-100-200-300' };
    it('accepts a directory group by SID within its domain', () => {
      expect(
        fields(tgt({ kind: 'directory_group', source: dom, object_id: 'S-1-5-21-100-200-300-1105' })),
      ).toEqual([]);
    });
    it('refuses a directory user, a cloud directory, a group by name and a SID outside the domain', () => {
      expect(
        fields(tgt({ kind: 'directory_user', source: dom, object_id: 'S-1-5-21-100-200-300-1001' })),
      ).toEqual(['scope.include_targets[0].kind']);
      expect(
        fields(tgt({ kind: 'directory_group', source: { type: 'entra_id' }, object_id: 'abc' })),
      ).toEqual(['scope.include_targets[0].source.type']);
      expect(fields(tgt({ kind: 'directory_group', source: dom, object_id: 'CORP\\Finance' }))).toEqual([
        'scope.include_targets[0].object_id',
      ]);
      expect(fields(tgt({ kind: 'directory_group', source: dom, object_id: 'S-1-5-21-9-9-9-1105' }))).toEqual(
        ['scope.include_targets[0].object_id'],
      );
    });
    it('refuses an endpoint that is not current when the server supplies a lookup', () => {
      const targets = { exists: (_k: string, id: string) => id === 'agent-1' };
      const t = (id: string) => tgt({ kind: 'endpoint', source: { type: 'svc' }, object_id: id });
      expect(fields(t('agent-1'), { ...ctx, targets })).toEqual([]);
      expect(fields(t('agent-2'), { ...ctx, targets })).toEqual(['scope.include_targets[0].object_id']);
    });
    it('refuses compiler-only exclude_* fields written directly', () => {
      expect(fields(base({ scope: { exclude_groups: ['S-1-5-21-1-2-3-512'] } }))).toEqual([
        'scope.exclude_groups',
      ]);
      expect(fields(base({ scope: { exclude_device_ids: ['d'], exclude_agent_groups: ['g'] } }))).toEqual([
        'scope.exclude_device_ids',
        'scope.exclude_agent_groups',
      ]);
    });
  });

  describe('condition', () => {
    it('names the failing node by path', () => {
      const condition = {
        op: 'and',
        nodes: [
          { op: 'detector', detector_id: 'iban' },
          { op: 'at_least', n: 3, nodes: [{ op: 'always' }] },
        ],
      };
      expect(fields(base({ condition }))).toEqual(['condition.nodes[1].n']);
    });
    it('refuses unknown ops, bad location values and bad device classes', () => {
      expect(fields(base({ condition: { op: 'regex' } }))).toEqual(['condition.op']);
      expect(
        fields(base({ condition: { op: 'network_location', any_of: ['home'] }, response: 'audit' })),
      ).toEqual(['condition.any_of[0]']);
      expect(
        fields(base({ condition: { op: 'removable_device', match_mode: 'none_of', classes: ['floppy'] } })),
      ).toEqual(['condition.classes[0]']);
    });
  });

  describe('other fields', () => {
    it('checks evidence, apply_label, raise_every_match and the effective window', () => {
      expect(fields(base({ evidence: { full_file: 'yes', screenshots: true } }))).toEqual([
        'evidence.full_file',
        'evidence.screenshots',
      ]);
      expect(fields(base({ apply_label: { value: '' } }))).toEqual(['apply_label.value']);
      expect(fields(base({ raise_every_match: 'always' }))).toEqual(['raise_every_match']);
      expect(
        fields(base({ effective_from: '2026-12-01T00:00:00Z', effective_until: '2026-11-30T00:00:00Z' })),
      ).toEqual(['effective_until']);
      expect(fields(base({ effective_until: 'next tuesday' }))).toEqual(['effective_until']);
    });
    it('bounds the number of exceptions and risk steps', () => {
      const ex = { id: 'x', reason: 'r', approved_by: 'a', scope: { device_ids: ['d'] } };
      expect(
        fields(base({ exceptions: Array.from({ length: 201 }, (_, i) => ({ ...ex, id: `x${i}` })) })),
      ).toEqual(['exceptions']);
      const steps = Array.from({ length: 21 }, (_, i) => ({ at_or_above: i, action: 'block' }));
      expect(fields(base({ risk_thresholds: { below: 'audit', steps } }))).toEqual(['risk_thresholds.steps']);
    });
    it('refuses a duplicate exception id and a bad downgrade', () => {
      const ex = { id: 'x', reason: 'r', approved_by: 'a', scope: { device_ids: ['d'] } };
      expect(fields(base({ exceptions: [ex, { ...ex, downgrade_to: 'ignore' }] }))).toEqual([
        'exceptions[1].id',
        'exceptions[1].downgrade_to',
      ]);
    });
  });
});
