import { randomUUID } from 'node:crypto';
import { findUserById } from '../../http/auth-store.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  clearTick,
  countPlaybooks,
  deletePlaybook,
  enabledFor,
  findPlaybook,
  insertPlaybook,
  listPlaybooks,
  setTick,
  ticksOf,
  updatePlaybook,
} from './playbooks-store.js';
import type { IncidentPlaybooksTable } from './playbooks-tables.js';
import { visible } from './service.js';
import type { IncidentsTable } from './tables.js';

/** Decision (docs/incidents.md, Playbooks): at most 200 playbooks per tenant, enabled or not. */
export const PLAYBOOK_LIMIT = 200;

export interface Step {
  title: string;
  link?: string | null | undefined;
}

type Db = ServiceContext['db'];

function stepsOf(p: IncidentPlaybooksTable): { title: string; link: string | null }[] {
  return JSON.parse(p.steps) as { title: string; link: string | null }[];
}

export function playbookView(p: IncidentPlaybooksTable) {
  return {
    id: p.id,
    name: p.name,
    policy_id: p.policy_id,
    steps: stepsOf(p),
    enabled: p.enabled === 1,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** Document 2: links https only. Checked after the schema, so the 422 names the step's field. */
function checkSteps(steps: readonly Step[]) {
  return steps.map((s, i) => {
    const title = s.title.trim();
    if (title === '') throw fieldError(`steps[${i}].title`, 'must not be blank');
    if (s.link === undefined || s.link === null) return { title, link: null };
    let url: URL | null = null;
    try {
      url = new URL(s.link);
    } catch {
      url = null;
    }
    if (url === null || url.protocol !== 'https:' || url.username !== '' || url.password !== '')
      throw fieldError(`steps[${i}].link`, 'must be an https URL without credentials');
    return { title, link: url.href };
  });
}

/** One enabled playbook per policy and one without: the 422 names the blocker (document 2). */
async function checkUnique(db: Db, tenantId: string, policyId: string | null, except?: string) {
  const blocker = await enabledFor(db, tenantId, policyId, except);
  if (blocker)
    throw fieldError(
      'policy_id',
      `playbook ${blocker.id} is already enabled ${policyId === null ? 'as the default' : 'for this policy'}; disable it first`,
    );
}

/** Unique-index races end as the same 422 as the check (the second writer sees the first). */
async function uniquely<T>(
  ctx: ServiceContext,
  tenantId: string,
  policyId: string | null,
  id: string,
  f: () => Promise<T>,
) {
  try {
    return await f();
  } catch (err) {
    if (err instanceof AppError) throw err;
    await checkUnique(ctx.db, tenantId, policyId, id);
    throw err;
  }
}

export async function listIncidentPlaybooks(ctx: ServiceContext, p: Principal) {
  return { items: (await listPlaybooks(ctx.db, p.tenantId)).map(playbookView) };
}

export async function createPlaybook(
  ctx: ServiceContext,
  p: Principal,
  b: { name: string; policy_id?: string | null | undefined; steps: Step[]; enabled?: boolean | undefined },
) {
  const name = b.name.trim();
  if (name === '') throw fieldError('name', 'must not be blank');
  const steps = checkSteps(b.steps);
  const policyId = b.policy_id?.toLowerCase() ?? null;
  const enabled = b.enabled ?? true;
  if (enabled) await checkUnique(ctx.db, p.tenantId, policyId);
  const now = ctx.clock.now().toISOString();
  const row: IncidentPlaybooksTable = {
    id: randomUUID(),
    tenant_id: p.tenantId,
    name,
    policy_id: policyId,
    steps: JSON.stringify(steps),
    enabled: enabled ? 1 : 0,
    created_by: p.userId,
    created_at: now,
    updated_at: now,
  };
  await uniquely(ctx, p.tenantId, policyId, row.id, () =>
    ctx.db.transaction().execute(async (trx) => {
      if ((await countPlaybooks(trx, p.tenantId)) >= PLAYBOOK_LIMIT)
        throw new AppError('incident.playbook_limit', `a tenant holds at most ${PLAYBOOK_LIMIT} playbooks`);
      await insertPlaybook(trx, row);
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'incident.playbook_created',
          subject: { type: 'incident_playbook', id: row.id },
          metadata: {
            playbook_id: row.id,
            name,
            policy_id: policyId,
            enabled,
            step_count: steps.length,
            link_count: steps.filter((x) => x.link !== null).length,
          },
        },
        trx,
      );
    }),
  );
  return playbookView(row);
}

export async function editPlaybook(
  ctx: ServiceContext,
  p: Principal,
  id: string,
  b: {
    name?: string | undefined;
    policy_id?: string | null | undefined;
    enabled?: boolean | undefined;
    steps?: unknown;
  },
) {
  const before = await findPlaybook(ctx.db, p.tenantId, id);
  if (!before) throw notFound('playbook');
  if (b.steps !== undefined)
    throw fieldError('steps', 'steps cannot be edited; create a new playbook and disable this one');
  const patch: Partial<Pick<IncidentPlaybooksTable, 'name' | 'policy_id' | 'enabled'>> = {};
  if (b.name !== undefined) {
    patch.name = b.name.trim();
    if (patch.name === '') throw fieldError('name', 'must not be blank');
  }
  if (b.policy_id !== undefined) patch.policy_id = b.policy_id?.toLowerCase() ?? null;
  if (b.enabled !== undefined) patch.enabled = b.enabled ? 1 : 0;
  const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => patch[k] !== before[k]);
  if (changed.length === 0) return playbookView(before);
  const after = { ...before, ...patch, updated_at: ctx.clock.now().toISOString() };
  if (after.enabled === 1) await checkUnique(ctx.db, p.tenantId, after.policy_id, id);
  await uniquely(ctx, p.tenantId, after.policy_id, id, () =>
    ctx.db.transaction().execute(async (trx) => {
      await updatePlaybook(trx, p.tenantId, id, { ...patch, updated_at: after.updated_at });
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'incident.playbook_updated',
          subject: { type: 'incident_playbook', id },
          metadata: {
            playbook_id: id,
            name: after.name,
            enabled: after.enabled === 1,
            changed_fields: changed,
          },
        },
        trx,
      );
    }),
  );
  return playbookView(after);
}

export async function removePlaybook(ctx: ServiceContext, p: Principal, id: string) {
  const before = await findPlaybook(ctx.db, p.tenantId, id);
  if (!before) throw notFound('playbook');
  await ctx.db.transaction().execute(async (trx) => {
    await deletePlaybook(trx, p.tenantId, id);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.playbook_deleted',
        subject: { type: 'incident_playbook', id },
        metadata: { playbook_id: id, name: before.name },
      },
      trx,
    );
  });
}

/** The playbook an incident shows: its policy's enabled one, else the enabled default. */
async function shownFor(db: Db, r: IncidentsTable) {
  if (r.policy_id !== null) {
    const own = await enabledFor(db, r.tenant_id, r.policy_id);
    if (own) return own;
  }
  return (await enabledFor(db, r.tenant_id, null)) ?? null;
}

async function incidentPlaybookView(db: Db, r: IncidentsTable) {
  const pb = await shownFor(db, r);
  if (!pb) return { incident_id: r.id, playbook: null };
  const ticks = new Map((await ticksOf(db, r.id, pb.id)).map((t) => [t.step, t]));
  const steps = stepsOf(pb).map((st, i) => {
    const t = ticks.get(i + 1);
    return {
      n: i + 1,
      title: st.title,
      link: st.link,
      done: t !== undefined,
      done_at: t?.done_at ?? null,
      done_by_email: t?.done_by_email ?? null,
    };
  });
  return {
    incident_id: r.id,
    playbook: {
      id: pb.id,
      name: pb.name,
      policy_id: pb.policy_id,
      steps,
      done: steps.filter((x) => x.done).length,
    },
  };
}

/** GET /incidents/{id}/playbook (incidents:read). */
export async function incidentPlaybook(ctx: ServiceContext, p: Principal, id: string) {
  return incidentPlaybookView(ctx.db, await visible(ctx, p, id));
}

/** POST /incidents/{id}/playbook/steps/{n}: ticks or unticks a step of the playbook shown now. */
export async function tickStep(
  ctx: ServiceContext,
  p: Principal,
  id: string,
  n: number,
  b: { playbook_id: string; done: boolean },
) {
  const r = await visible(ctx, p, id);
  const pb = await shownFor(ctx.db, r);
  if (pb === null || pb.id !== b.playbook_id.toLowerCase())
    throw new AppError(
      'incident.playbook_changed',
      'another playbook is now shown for this incident; reload it',
      [{ field: 'playbook_id', message: 'is not the playbook shown for this incident now' }],
    );
  if (n > stepsOf(pb).length) throw fieldError('n', `the playbook has ${stepsOf(pb).length} steps`);
  const now = ctx.clock.now().toISOString();
  const email = (await findUserById(ctx.db, p.tenantId, p.userId))?.email ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    if (b.done)
      await setTick(trx, {
        incident_id: r.id,
        playbook_id: pb.id,
        tenant_id: r.tenant_id,
        step: n,
        done_by: p.userId,
        done_by_email: email,
        done_at: now,
      });
    else await clearTick(trx, r.id, pb.id, n);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.playbook_step_ticked',
        subject: { type: 'incident', id: r.id },
        metadata: { reference: r.reference, playbook_id: pb.id, step: n, done: b.done },
      },
      trx,
    );
  });
  return incidentPlaybookView(ctx.db, r);
}
