import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { nameSettings, saveNameSettings } from './names-store.js';

/**
 * Names hidden (document 2, GET /incidents `search`: "username unless names are hidden, in which
 * case `names_hidden: true`"; docs/incidents.md, "Names hidden"). While the tenant hides names the
 * queue and the detail show no person's account name and the search does not look at it, so a
 * name cannot be probed through the search either.
 */
export async function namesHidden(ctx: Pick<ServiceContext, 'db'>, tenantId: string): Promise<boolean> {
  return (await nameSettings(ctx.db, tenantId)).names_hidden;
}

/** What the queue row and the detail show of the person while names are hidden. */
export function shownUsername(username: string | null, hidden: boolean): string | null {
  return hidden ? null : username;
}

export async function getNameSettings(ctx: ServiceContext, principal: Principal) {
  return nameSettings(ctx.db, principal.tenantId);
}

/** POST /settings/incident-names: audited with the previous value and the reason's length. */
export async function setNameSettings(
  ctx: ServiceContext,
  principal: Principal,
  body: { names_hidden: boolean; reason: string },
) {
  const before = await nameSettings(ctx.db, principal.tenantId);
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await saveNameSettings(trx, principal.tenantId, body.names_hidden, principal.userId, at);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.incident_names_changed',
        subject: { type: 'tenant', id: principal.tenantId },
        metadata: {
          names_hidden: body.names_hidden,
          previous_names_hidden: before.names_hidden,
          reason_length: body.reason.trim().length,
        },
      },
      trx,
    );
  });
  return { names_hidden: body.names_hidden, updated_at: at };
}
