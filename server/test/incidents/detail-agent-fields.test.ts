import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signed } from '../agents/agent-harness.js';
import { agentEvent, justifiedPrompt } from '../agents/event-factory.js';
import { signInAs } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

/**
 * Issue 16's last detail fields, end to end through signed agent requests and real ingest:
 * justifications grouped by answer, department attribution, print job and process facts, and
 * masked detector previews shown only after an evidence opening (docs/incidents.md).
 */
let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const REASON = 'The customer asked for the quarterly statement';
const BIDI = 'Sent to the \u202Eauditor per request today';
const SECRET = 'my key is AKIAQ3EGUJ5N6WZZXK7P for the upload';

/** Sends events in one signed batch; answers the acks. */
async function send(events: Record<string, unknown>[]) {
  const r = await signed(t.h, t.d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  return r.json().acks as { event_id: string; status: string; reason: string | null }[];
}

async function incidentOf(path: string): Promise<string> {
  const items = (await t.call('GET', '/incidents?limit=200')).json().items as {
    id: string;
    hostname: string;
  }[];
  const rows = await t.h.ctx.db
    .selectFrom('incidents')
    .select(['id'])
    .where('file_path', '=', path)
    .execute();
  expect(rows).toHaveLength(1);
  expect(items.map((i) => i.id)).toContain(rows[0]!.id);
  return rows[0]!.id;
}

/** Every stored text of the database file, to prove a withheld value was never kept. */
async function storedText(): Promise<string> {
  const tables = ['agent_events', 'event_person_prompts', 'event_detector_previews', 'audit_events'] as const;
  let out = '';
  for (const table of tables) out += JSON.stringify(await t.h.ctx.db.selectFrom(table).selectAll().execute());
  return out;
}

describe('justifications (person_prompt)', () => {
  it('groups what people answered by answer, with operation counts, withholding unsafe texts', async () => {
    const policy = t.policy;
    const at = (m: number) => `2026-01-15T09:${String(m).padStart(2, '0')}:00Z`;
    const base = { policy, content: 'same content', path: '/srv/share/q.txt' };
    const acks = await send([
      agentEvent({ ...base, at: at(1), person_prompt: justifiedPrompt(REASON) }),
      agentEvent({
        ...base,
        at: at(2),
        person_prompt: justifiedPrompt(`  ${REASON} `, { covered_by_burst: true }),
      }),
      agentEvent({ ...base, at: at(3), person_prompt: justifiedPrompt('ok ok fine') }),
      agentEvent({
        ...base,
        at: at(4),
        person_prompt: { kind: 'justify', held: false, asked: false, not_asked: '[not_asked] no_session' },
      }),
      agentEvent({ ...base, at: at(5), person_prompt: justifiedPrompt(BIDI) }),
      agentEvent({ ...base, at: at(6), person_prompt: justifiedPrompt(SECRET) }),
      agentEvent({ ...base, at: at(7) }),
      // A malformed record is the agent's mistake: that event alone is Rejected.
      agentEvent({ ...base, at: at(8), person_prompt: { kind: 'justify', asked: true, result: 'Maybe!' } }),
      agentEvent({ ...base, at: at(9), person_prompt: justifiedPrompt('x y z '.repeat(400)) }),
    ]);
    expect(acks.map((a) => a.status)).toEqual([...Array(7).fill('Accepted'), 'Rejected', 'Rejected']);
    expect(acks.slice(7).map((a) => a.reason)).toEqual(['person_prompt_invalid', 'person_prompt_invalid']);

    const id = await incidentOf('/srv/share/q.txt');
    const d = (await t.call('GET', `/incidents/${id}`)).json();
    expect(d.event_count).toBe(7);
    expect(d.justifications_total).toBe(5);
    const common = { kind: 'justify', held_operations: 0 };
    expect(d.justifications).toEqual([
      {
        ...common,
        result: 'justified',
        category: 'customer_request',
        text: REASON,
        text_withheld: null,
        not_asked_reason: null,
        rule_problems: [],
        operations: 2,
        burst_operations: 1,
        first_at: '2026-01-15T09:01:00.000Z',
        last_at: '2026-01-15T09:02:00.000Z',
      },
      {
        ...common,
        result: 'justified',
        category: 'customer_request',
        text: 'ok ok fine',
        text_withheld: null,
        not_asked_reason: null,
        rule_problems: ['too_few_words', 'repeated_word'],
        operations: 1,
        burst_operations: 0,
        first_at: '2026-01-15T09:03:00.000Z',
        last_at: '2026-01-15T09:03:00.000Z',
      },
      {
        ...common,
        result: 'not_asked',
        category: null,
        text: null,
        text_withheld: null,
        not_asked_reason: '[not_asked] no_session',
        rule_problems: [],
        operations: 1,
        burst_operations: 0,
        first_at: '2026-01-15T09:04:00.000Z',
        last_at: '2026-01-15T09:04:00.000Z',
      },
      {
        ...common,
        result: 'justified',
        category: 'customer_request',
        text: null,
        text_withheld: 'unsafe_text',
        not_asked_reason: null,
        rule_problems: [],
        operations: 1,
        burst_operations: 0,
        first_at: '2026-01-15T09:05:00.000Z',
        last_at: '2026-01-15T09:05:00.000Z',
      },
      {
        ...common,
        result: 'justified',
        category: 'customer_request',
        text: null,
        text_withheld: 'credential_shaped',
        not_asked_reason: null,
        rule_problems: [],
        operations: 1,
        burst_operations: 0,
        first_at: '2026-01-15T09:06:00.000Z',
        last_at: '2026-01-15T09:06:00.000Z',
      },
    ]);
    const kept = await storedText();
    expect(kept).not.toContain('AKIAQ3EGUJ5N6WZZXK7P');
    expect(kept).not.toContain('\u202E');
  });
});

describe('print_job and process_detail', () => {
  it('are kept and served on the timeline; names breaking the person-text rule are withheld', async () => {
    const print = {
      printer: 'HR-Floor2',
      port: 'IP_10.0.0.7',
      submitted_from: 'WS-17',
      pages: 3,
      copies: 2,
      duplex: true,
    };
    const proc = {
      executable_path: 'C:\\Program Files\\Tool\\tool.exe',
      executable_hash: 'AB'.repeat(32),
      signed_publisher: 'Tool Vendor Ltd',
      signature: 'valid',
      integrity_level: 'medium',
    };
    const acks = await send([
      agentEvent({
        policy: t.policy,
        path: '/srv/p1.txt',
        content: 'p1',
        print_job: print,
        process_detail: proc,
      }),
      agentEvent({
        policy: t.policy,
        path: '/srv/p2.txt',
        content: 'p2',
        print_job: { printer: 'Evil\u0007Printer', pages: 1 },
        process_detail: { signed_publisher: 'Pub\u202Elisher', signature: 'unsigned' },
      }),
      agentEvent({ policy: t.policy, path: '/srv/p3.txt', content: 'p3', print_job: { pages: -1 } }),
      agentEvent({
        policy: t.policy,
        path: '/srv/p4.txt',
        content: 'p4',
        process_detail: { signature: 'maybe' },
      }),
      agentEvent({
        policy: t.policy,
        path: '/srv/p5.txt',
        content: 'p5',
        process_detail: { executable_hash: 'xyz' },
      }),
    ]);
    expect(acks.map((a) => a.reason)).toEqual([
      null,
      null,
      'print_job_invalid',
      'process_detail_invalid',
      'process_detail_invalid',
    ]);
    const first = async (path: string) =>
      (await t.call('GET', `/incidents/${await incidentOf(path)}/events`)).json().items[0];
    const e1 = await first('/srv/p1.txt');
    expect(e1.print_job).toEqual({ ...print, withheld_fields: [] });
    expect(e1.process_detail).toEqual({ ...proc, executable_hash: 'ab'.repeat(32), withheld_fields: [] });
    const e2 = await first('/srv/p2.txt');
    expect(e2.print_job).toEqual({
      printer: null,
      port: null,
      submitted_from: null,
      pages: 1,
      copies: null,
      duplex: null,
      withheld_fields: ['printer'],
    });
    expect(e2.process_detail).toMatchObject({
      signed_publisher: null,
      signature: 'unsigned',
      withheld_fields: ['signed_publisher'],
    });
    const none = await t.one('nobody');
    const e3 = (await t.call('GET', `/incidents/${none}/events`)).json().items[0];
    expect([e3.print_job, e3.process_detail]).toEqual([null, null]);
  });
});

describe('the detail facts read from the events, triaged_at and resolved_at', () => {
  it('confidence, process_name, file type and owner from the newest events that report them', async () => {
    const base = { policy: t.policy, content: 'facts', path: '/srv/share/facts.txt' };
    const file = (extra: Record<string, unknown>) => ({
      path: '/srv/share/facts.txt',
      name: 'facts.txt',
      size_bytes: 10,
      ...extra,
    });
    const acks = await send([
      agentEvent({
        ...base,
        at: '2026-01-15T09:01:00Z',
        file: file({ mime: 'Text/Plain', owner_sid: 'S-1-5-21-1004', owner_name: 'CORP\\dana' }),
        process_detail: { executable_path: 'C:\\Tools\\old.exe' },
      }),
      agentEvent({
        ...base,
        at: '2026-01-15T09:02:00Z',
        file: file({ owner_name: 'Bad\u202Ename' }),
        process_detail: { executable_path: '/usr/bin/rsync' },
        detectors: [
          { detector_id: 'card_number', category: 'financial', match_count: 1, max_confidence: 97 },
        ],
      }),
      agentEvent({ ...base, at: '2026-01-15T09:03:00Z', file: file({ mime: 'not a type' }) }),
      agentEvent({ ...base, at: '2026-01-15T09:03:00Z', file: file({ owner_sid: 'alice' }) }),
    ]);
    expect(acks.map((a) => a.reason)).toEqual([null, null, 'file_invalid', 'file_invalid']);
    const id = await incidentOf('/srv/share/facts.txt');
    const d = (await t.call('GET', `/incidents/${id}`)).json();
    expect(d).toMatchObject({
      confidence: 97,
      process_name: 'rsync',
      file_mime: 'text/plain',
      file_owner_sid: 'S-1-5-21-1004',
      // The newest owner name broke the person-text rule and was withheld: the older one shows.
      file_owner_name: 'CORP\\dana',
      triaged_at: null,
      resolved_at: null,
    });
    t.h.ctx.clock.advance(60_000);
    await t.call('POST', `/incidents/${id}/status`, undefined, { status: 'triaged' });
    const triagedAt = t.h.ctx.clock.now().toISOString();
    t.h.ctx.clock.advance(60_000);
    await t.call('POST', `/incidents/${id}/status`, undefined, {
      status: 'closed',
      disposition: 'benign',
      resolution: 'Reviewed with the team; expected data.',
    });
    const closedAt = t.h.ctx.clock.now().toISOString();
    t.h.ctx.clock.advance(60_000);
    await t.call('POST', `/incidents/${id}/status`, undefined, { status: 'investigating' });
    const after = (await t.call('GET', `/incidents/${id}`)).json();
    expect([after.triaged_at, after.resolved_at, after.status]).toEqual([
      triagedAt,
      closedAt,
      'investigating',
    ]);
  });
});

describe('department and department_source', () => {
  it('endpoint report first, then the active account named by the user name, else null with the reason', async () => {
    const hr = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      tenant: t.h.owner.tenantSlug,
      email: 'dana@corp.example',
    });
    await t.h.ctx.db
      .updateTable('users')
      .set({ department: 'Finance' })
      .where('id', '=', hr.userId)
      .execute();
    const gone = await signInAs(t.h.ctx, {
      role: 'security_analyst',
      tenant: t.h.owner.tenantSlug,
      email: 'eve@corp.example',
    });
    await t.h.ctx.db
      .updateTable('users')
      .set({ department: 'Sales', status: 'disabled' })
      .where('id', '=', gone.userId)
      .execute();
    const endpoint = await t.one('frank', t.d, { user: { name: 'frank', id: null, department: 'Legal' } });
    const directory = await t.one('Dana@corp.example');
    const disabled = await t.one('eve@corp.example');
    const unknown = await t.one('zoe');
    const view = async (id: string) => {
      const d = (await t.call('GET', `/incidents/${id}`)).json();
      return [d.department, d.department_source, d.department_reason];
    };
    expect(await view(endpoint)).toEqual(['Legal', 'endpoint', 'endpoint_reported']);
    expect(await view(directory)).toEqual(['Finance', 'directory', 'directory_account']);
    expect(await view(disabled)).toEqual([null, null, 'directory_account_inactive']);
    expect(await view(unknown)).toEqual([null, null, 'no_directory_match']);
    const rows = (await t.call('GET', '/incidents?limit=10')).json().items as Record<string, unknown>[];
    expect(rows.find((r) => r.id === directory)).toMatchObject({
      department: 'Finance',
      department_source: 'directory',
    });
  });

  it('an assignment rule naming a department assigns an incident attributed to it at creation', async () => {
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    const rule = await t.call('POST', '/incident-assignment-rules', t.h.owner, {
      name: 'Legal desk',
      department: 'legal',
      assignee_email: analyst.email,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const legal = await t.one('gina', t.d, { user: { name: 'gina', id: null, department: 'Legal' } });
    const other = await t.one('hank');
    const assignee = async (id: string) => (await t.call('GET', `/incidents/${id}`)).json().assignee_email;
    expect(await assignee(legal)).toBe(analyst.email);
    expect(await assignee(other)).toBeNull();
  });
});

describe('detector previews', () => {
  it('are stored masked and shown only to the person whose evidence opening holds', async () => {
    const detectors = [
      {
        detector_id: 'card_number',
        detector_version: 1,
        category: 'financial',
        match_count: 2,
        validated_count: 2,
        max_confidence: 90,
        previews: ['4111 **** **** 1111', '4111111111111111'],
        snippets: ['card no: 4111 **** **** 1111 exp **/**'],
      },
    ];
    const id = await t.one('ivan', t.d, { detectors });
    const detail = async (who = t.h.owner) => (await t.call('GET', `/incidents/${id}`, who)).json();
    const before = await detail();
    expect(before.previews_withheld).toBe(true);
    expect(before.detector_summaries[0]).toMatchObject({
      detector_id: 'card_number',
      previews: null,
      snippets: null,
    });

    const opened = await t.call('POST', `/incidents/${id}/evidence`, t.h.owner, {
      justification: 'Checking whether the match is a real card',
    });
    expect(opened.statusCode).toBe(200);
    const after = await detail();
    expect(after.previews_withheld).toBe(false);
    // The unmasked value the endpoint should never have sent was dropped on arrival.
    expect(after.detector_summaries[0]).toMatchObject({
      previews: ['4111 **** **** 1111'],
      snippets: ['card no: 4111 **** **** 1111 exp **/**'],
    });
    expect(await storedText()).not.toContain('4111111111111111');

    // Another person with evidence:read has not opened it: withheld for them.
    const admin = await signInAs(t.h.ctx, { role: 'admin', tenant: t.h.owner.tenantSlug });
    const theirs = await detail(admin);
    expect(theirs.previews_withheld).toBe(true);
    expect(theirs.detector_summaries[0].previews).toBeNull();
    // The opening lapses after 30 minutes.
    t.h.ctx.clock.advance(31 * 60_000);
    expect((await detail()).previews_withheld).toBe(true);
  });

  it('a deletion event keeps no preview (document 2)', async () => {
    const acks = await send([
      agentEvent({
        policy: t.policy,
        channel: 'file_delete',
        detectors: [
          {
            detector_id: 'card_number',
            category: 'financial',
            match_count: 1,
            previews: ['4111 **** **** 1111'],
          },
        ],
      }),
    ]);
    expect(acks[0]!.status).toBe('Accepted');
    expect(await t.h.ctx.db.selectFrom('event_detector_previews').selectAll().execute()).toEqual([]);
  });
});
