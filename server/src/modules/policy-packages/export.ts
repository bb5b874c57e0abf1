import {
  BUILTIN_DETECTORS,
  PACKAGE_FORMAT,
  PACKAGE_FORMAT_VERSION,
  type PackageDependency,
  type PolicyGroup,
  type PolicyPackage,
  type PolicyVersionInput,
  packageDigest,
  policyReferences,
  portableSpec,
} from '@custos/engine';
import { conform } from '../../http/conform.js';
import { notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import { SERVER_VERSION } from '../../version.js';
import { findAgent, findAgentGroup } from '../agents/public.js';
import { tenantClassifications } from '../classifications/public.js';
import { currentCustomDetectors } from '../detectors/public.js';
import { corpusNames } from '../fingerprint-corpora/public.js';
import { findPolicyVersion, shownStatus } from '../policies/public.js';
import { promptMessageNames } from '../prompt-messages/public.js';
import { PackageSchema } from './schemas.js';

const BUILTIN = new Map(BUILTIN_DETECTORS.map((d) => [d.id, d]));

/** Origins, versions and names the exporting tenant knows about each dependency. */
async function described(ctx: ServiceContext, deps: PackageDependency[]): Promise<PackageDependency[]> {
  const tenantId = actorOf(ctx).tenantId;
  const custom = await currentCustomDetectors(ctx.db, tenantId);
  const { rows } = await tenantClassifications(ctx.db, tenantId);
  const prompts = await promptMessageNames(ctx.db, tenantId);
  const out: PackageDependency[] = [];
  for (const d of deps) {
    const e: PackageDependency = { ...d };
    if (d.kind === 'detector') {
      const builtin = BUILTIN.get(d.value);
      if (builtin) Object.assign(e, { origin: 'builtin', version: builtin.version });
      else {
        e.origin = 'tenant';
        const c = custom.get(d.value);
        if (c) e.version = c.version;
      }
    } else if (d.kind === 'classification') {
      e.origin = 'tenant';
      const row = rows.find(
        (r) => r.id === d.value && r.classification_version === d.version && r.revision === d.revision,
      );
      if (row) e.name = row.name;
    } else if (d.kind === 'prompt_message') {
      const name = prompts.get(d.value);
      if (name) e.name = name;
    } else if (d.kind === 'fingerprint_corpus') {
      const name = (await corpusNames(ctx.db, tenantId, [d.value])).get(d.value);
      if (name) e.name = name;
    } else if (d.kind === 'scope_device') {
      const a = await findAgent(ctx.db, tenantId, d.value);
      if (a) e.name = a.hostname;
    } else if (d.kind === 'scope_target' && e.name === undefined && d.target) {
      if (d.target.kind === 'endpoint_group') {
        const g = await findAgentGroup(ctx.db, tenantId, d.target.object_id);
        if (g) e.name = g.name;
      } else if (d.target.kind === 'endpoint') {
        const a = await findAgent(ctx.db, tenantId, d.target.object_id);
        if (a) e.name = a.hostname;
      }
    }
    out.push(e);
  }
  return out;
}

/**
 * `GET /policies/{id}/versions/{version}/package` (document 1, Policy package): the version as a
 * portable package, audited `policy.exported`. Another tenant's policy or a missing version is
 * the identical 404.
 */
export async function exportPackage(ctx: ServiceContext, policyId: string, version: number) {
  const tenantId = actorOf(ctx).tenantId;
  const found = await findPolicyVersion(ctx.db, tenantId, policyId, version);
  if (!found) throw notFound('policy version');
  const { policy, row } = found;
  const stored = JSON.parse(row.spec) as PolicyVersionInput & { group?: unknown };
  const { group: _group, ...ungrouped } = stored;
  const spec = portableSpec(ungrouped as PolicyVersionInput);
  const body: Omit<PolicyPackage, 'digest'> = {
    format: PACKAGE_FORMAT,
    format_version: PACKAGE_FORMAT_VERSION,
    product_version: SERVER_VERSION,
    exported_at: ctx.clock.now().toISOString(),
    source: {
      tenant_id: tenantId,
      policy_id: policy.id,
      policy_number: policy.number,
      version: row.version,
      version_status: shownStatus(policy, row),
    },
    policy: {
      name: spec.name,
      description: spec.description ?? null,
      group: (policy.group_name as PolicyGroup | null) ?? null,
      spec,
    },
    dependencies: await described(ctx, policyReferences(spec)),
  };
  // Fitted to the answer's schema first: the digest covers what the client receives.
  const fitted = conform<PolicyPackage | null>(PackageSchema, { ...body, digest: '' }, null);
  if (!fitted) throw new Error('the package does not fit its schema');
  const pkg: PolicyPackage = { ...fitted, digest: packageDigest(fitted) };
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'policy.exported',
    subject: { type: 'policy', id: policy.id },
    // The digest stays out of the audit log (no digest in an audit entry, document 3, Events).
    metadata: { version: row.version },
  });
  return pkg;
}
