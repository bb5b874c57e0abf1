import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { listActiveAgents } from '../agents/public.js';
import { type FailureReason, reasonOf, withDirectory } from './directory-call.js';
import { enabledComputers } from './ldap-search.js';
import { enabledSources } from './store.js';
import type { DirectorySourceKind } from './tables.js';

/**
 * GET /agents/unmanaged (document 3): enabled directory computers with no active agent, read
 * live from every enabled source, cached five minutes in memory per tenant and never stored.
 * A computer is managed when an active agent's host name equals its name or its DNS host name
 * (or the agent's first label equals the name), without case. A computer whose last logon is
 * older than 90 days is stale: counted, not listed. One that never logged on is listed.
 */

export const CACHE_MS = 5 * 60_000;
export const STALE_AFTER_DAYS = 90;
const COMPUTERS_PER_SOURCE = 20_000;

interface Item {
  name: string;
  dns_host_name: string | null;
  operating_system: string | null;
  source_id: string;
}
interface SourceCount {
  id: string;
  name: string;
  kind: DirectorySourceKind;
  state: 'counted' | 'failed';
  failure: FailureReason | 'busy' | null;
  message: string | null;
  computers: number;
  stale: number;
  truncated: boolean;
}
interface Answer {
  items: Item[];
  sources: SourceCount[];
  observedAt: Date;
}

const cache = new Map<string, Answer>();

const MESSAGES: Record<string, string> = {
  not_supported: 'this build does not call the cloud directory',
  busy: 'the source was searched less than a second ago; the next refresh counts it',
};

async function readSources(ctx: ServiceContext, config: Config, tenantId: string): Promise<Answer> {
  const now = ctx.clock.now();
  const agents = await listActiveAgents(ctx.db, tenantId, { since: new Date(0) });
  const managed = new Set<string>();
  for (const a of agents) {
    const h = a.hostname.toLowerCase();
    managed.add(h);
    managed.add(h.split('.')[0] ?? h);
  }
  const items: Item[] = [];
  const sources: SourceCount[] = [];
  const staleBefore = now.getTime() - STALE_AFTER_DAYS * 86_400_000;
  for (const source of await enabledSources(ctx.db, tenantId)) {
    const base = { id: source.id, name: source.name, kind: source.kind };
    try {
      const read = await withDirectory(ctx, config, source, (client, baseDn) =>
        enabledComputers(client, baseDn, COMPUTERS_PER_SOURCE),
      );
      let stale = 0;
      for (const c of read.computers) {
        if (c.lastLogon && c.lastLogon.getTime() < staleBefore) {
          stale++;
          continue;
        }
        const dns = c.dnsHostName?.toLowerCase() ?? null;
        if (managed.has(c.name.toLowerCase()) || (dns !== null && managed.has(dns))) continue;
        items.push({
          name: c.name,
          dns_host_name: c.dnsHostName,
          operating_system: c.operatingSystem,
          source_id: source.id,
        });
      }
      sources.push({
        ...base,
        state: 'counted',
        failure: null,
        message: null,
        computers: read.computers.length,
        stale,
        truncated: read.truncated,
      });
    } catch (error) {
      const failure =
        error instanceof AppError
          ? error.code === 'request.rate_limited'
            ? ('busy' as const)
            : ((error.details[0]?.message ?? 'search_refused') as FailureReason)
          : reasonOf(error);
      sources.push({
        ...base,
        state: 'failed',
        failure,
        message: MESSAGES[failure] ?? 'the directory could not be searched',
        computers: 0,
        stale: 0,
        truncated: false,
      });
    }
  }
  items.sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
  return { items, sources, observedAt: now };
}

export async function unmanagedComputers(
  ctx: ServiceContext,
  config: Config,
  actor: Principal,
  page: { limit: number; offset: number },
) {
  if (actor.incidentScope !== undefined && actor.incidentScope !== null)
    throw new AppError('auth.forbidden', 'a role scoped to endpoint groups cannot read unmanaged computers');
  const now = ctx.clock.now().getTime();
  let answer = cache.get(actor.tenantId);
  if (!answer || now - answer.observedAt.getTime() >= CACHE_MS || now < answer.observedAt.getTime()) {
    answer = await readSources(ctx, config, actor.tenantId);
    cache.set(actor.tenantId, answer);
  }
  const counted = answer.sources.filter((s) => s.state === 'counted');
  return {
    total: counted.length === 0 ? null : answer.items.length,
    items: answer.items.slice(page.offset, page.offset + page.limit),
    sources: answer.sources,
    stale: answer.sources.reduce((n, s) => n + s.stale, 0),
    stale_after_days: STALE_AFTER_DAYS,
    incomplete: answer.sources.some((s) => s.state === 'failed' || s.truncated),
    observed_at: answer.observedAt.toISOString(),
  };
}
