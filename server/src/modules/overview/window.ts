import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import type { IncidentScope } from '../incidents/public.js';

/** Rankings cover incidents created in the last 30 days (document 2: top_users_by_volume). */
export const WINDOW_DAYS = 30;
export const TOP = 5;

export function scopeOf(p: Principal): IncidentScope {
  return { tenantId: p.tenantId, groupScope: p.incidentScope ?? null };
}

export function windowStart(ctx: ServiceContext, days = WINDOW_DAYS): string {
  return new Date(ctx.clock.now().getTime() - days * 86_400_000).toISOString();
}
