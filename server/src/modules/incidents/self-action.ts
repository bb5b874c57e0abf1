import { AppError } from '../../http/errors.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import type { IncidentsTable } from './tables.js';

/**
 * The account part of a name: `CORP\ann`, `ann@corp.local` and `Ann` all give `ann`. An
 * endpoint account and a console e-mail are compared this way (docs/incidents.md, Self-action):
 * a wrong match refuses an action another analyst can take, a missed one lets a person close
 * their own case, so the comparison leans towards matching.
 */
export function accountPart(name: string): string {
  let n = name.trim().toLowerCase();
  const slash = n.lastIndexOf('\\');
  if (slash >= 0) n = n.slice(slash + 1);
  const at = n.indexOf('@');
  if (at >= 0) n = n.slice(0, at);
  return n;
}

/** Whether the incident is about the account behind this console e-mail. */
export function isAboutAccount(incident: Pick<IncidentsTable, 'username'>, email: string | null): boolean {
  if (!incident.username || !email) return false;
  const a = accountPart(incident.username);
  return a !== '' && a === accountPart(email);
}

export type SelfAction = 'close' | 'assign_self' | 'mark_test';

/**
 * Document 2: an incident about the actor's own account cannot be closed, marked as a test or
 * assigned to oneself by that actor. The refusal is audited (it changes nothing else) and
 * answered 403.
 */
export async function refuseSelfAction(
  ctx: ServiceContext,
  incident: IncidentsTable,
  action: SelfAction,
  correlationId?: string,
): Promise<never> {
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'incident.self_action_refused',
    subject: { type: 'incident', id: incident.id },
    metadata: {
      reference: incident.reference,
      attempted: action,
      ...(correlationId ? { correlation_id: correlationId } : {}),
    },
  });
  throw new AppError(
    'incident.self_action_refused',
    'this incident is about your own account: another analyst must take this action',
  );
}
