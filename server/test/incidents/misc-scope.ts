import type { Principal } from '../../src/http/principal.js';
import { enrolDevice, type TestDevice } from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import type { Triage } from './triage-harness.js';

/**
 * An analyst whose role is scoped to a new endpoint group, the device enrolled into that group,
 * and an Owner of another tenant (docs/incidents.md, Scope).
 */
export async function scopedAnalyst(
  t: Triage,
): Promise<{ scoped: SignedIn; inside: TestDevice; stranger: SignedIn; groupId: string }> {
  const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
  const groupId = g.json().id as string;
  const inside = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
  const scoped = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
  const session = t.h.ctx.app.auth.authenticators[0]!;
  t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
    if (credential.value !== scoped.token) return null;
    const p: Principal | null = await session(credential, request, services);
    return p ? { ...p, incidentScope: [groupId] } : null;
  });
  const stranger = await signInAs(t.h.ctx, { role: 'owner' });
  return { scoped, inside, stranger, groupId };
}
