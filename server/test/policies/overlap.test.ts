import { describe, expect, it } from 'vitest';
import { stepUp } from '../helpers/index.js';
import { cardsToUsb, policyApp } from './policy-app.js';

/**
 * Overlap warnings (document 1, States: a current overlap warning sends a publish to
 * pending_approval; the publish answer and lifecycle view carry `overlap_warnings`). The
 * definition is docs/policies.md, Overlap warnings.
 */
const t = policyApp({ also: ['admin'] });
const { getAs: get, postAs: post } = t;

const draft = (over: Record<string, unknown> = {}) => cardsToUsb('first release of the card rule', over);

async function live(over: Record<string, unknown> = {}): Promise<string> {
  const id = (await post(t.owner, '/policies', draft(over))).json().policy_id as string;
  const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
  expect(r.json().status).toBe('published');
  return id;
}

async function release(over: Record<string, unknown>) {
  const id = (await post(t.owner, '/policies', draft({ name: 'Second rule', ...over }))).json()
    .policy_id as string;
  return { id, answer: await post(t.owner, `/policies/${id}/versions/1/publish`) };
}

describe('overlap warnings', () => {
  it('submits a draft that overlaps a published policy with another action; approval carries the warning', async () => {
    const first = await live();
    // Same detector, no channel constraint (meets removable_storage), another action.
    const { id, answer } = await release({ scope: { agent_groups: ['finance'] }, response: 'inform' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'pending_approval' });

    const view = (await get(t.owner, `/policies/${id}/lifecycle`)).json();
    expect(view.overlap_warnings).toEqual([
      expect.objectContaining({
        kind: 'overlap',
        policy_id: first,
        policy_number: 1,
        detectors: ['payment_card'],
        response: { this: 'inform', other: 'audit' },
      }),
    ]);

    await stepUp(t.ctx, t.admin, 'policy_release');
    const approved = await post(t.admin, `/policies/${id}/versions/1/approve`);
    expect(approved.json()).toMatchObject({ status: 'published', overlap_warnings: [{ policy_id: first }] });
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'policy.published_with_warnings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.metadata as unknown as string)).toMatchObject({
      via: 'approve',
      warning_kinds: ['overlap'],
    });
    // Once both are live, the first one's lifecycle sees the second.
    const back = (await get(t.owner, `/policies/${first}/lifecycle`)).json();
    expect(back.overlap_warnings.map((w: { policy_id: string }) => w.policy_id)).toEqual([id]);
  });

  it('a category condition meets a built-in detector of that category, and offline actions count', async () => {
    await live();
    const { answer } = await release({
      condition: { op: 'category', category: 'financial' },
      offline_response: 'inform',
    });
    expect(answer.json()).toEqual({ status: 'pending_approval' });
  });

  it('publishes directly when nothing overlaps', async () => {
    await live();
    const cases: Record<string, unknown>[] = [
      // Same action: whichever matches, the outcome is the same.
      { scope: { channels: ['removable_storage', 'bluetooth'], agent_groups: ['Finance'] } },
      // Scopes cannot meet: another channel, another endpoint group.
      { scope: { channels: ['print'], agent_groups: ['Finance'] }, response: 'inform' },
      { scope: { agent_groups: ['Sales'] }, response: 'inform' },
      // Another detector; the same detector only under `not`.
      { condition: { op: 'detector', detector_id: 'iban' }, response: 'inform' },
      {
        condition: {
          op: 'and',
          nodes: [
            { op: 'detector', detector_id: 'iban' },
            { op: 'not', node: { op: 'detector', detector_id: 'payment_card' } },
          ],
        },
        response: 'inform',
      },
    ];
    for (const [i, c] of cases.entries()) {
      const { answer } = await release({ name: `Case ${i}`, ...c });
      expect(answer.json(), `case ${i}`).toMatchObject({ status: 'published', overlap_warnings: [] });
    }
  });

  it('ignores switched-off policies and never carries condition values', async () => {
    const first = await live({
      condition: { op: 'removable_device', serials: ['SECRET-SERIAL-1'], match_mode: 'any_of' },
    });
    const { id } = await release({
      condition: { op: 'removable_device', serials: ['OTHER-SERIAL-2'], match_mode: 'none_of' },
      response: 'inform',
    });
    const view = await get(t.owner, `/policies/${id}/lifecycle`);
    expect(view.json().overlap_warnings).toEqual([
      expect.objectContaining({ policy_id: first, removable_device: true }),
    ]);
    expect(view.body).not.toContain('SECRET-SERIAL-1');
    expect(view.body).not.toContain('OTHER-SERIAL-2');

    await post(t.owner, `/policies/${first}/enabled`, { enabled: false, reason: 'switched off for now' });
    expect((await get(t.owner, `/policies/${id}/lifecycle`)).json().overlap_warnings).toEqual([]);
  });
});
