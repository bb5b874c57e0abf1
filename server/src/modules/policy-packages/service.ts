import { randomUUID } from 'node:crypto';
import {
  applyResolution,
  BLOCKING_STATES,
  type FieldError,
  type PackageDependency,
  type PackageMapping,
  type PolicyPackage,
  type PolicyVersionInput,
  packageDigest,
  resolveDependencies,
} from '@custos/engine';
import { AppError } from '../../http/errors.js';
import type { Permission } from '../../http/permissions.js';
import { actorOf, type ServiceContext, userIdOf } from '../../service-context.js';
import { checkLookupPermissions, createPolicy, policyNames, versionProblems } from '../policies/public.js';
import { checkedDependencies } from './package-check.js';
import { importsOfSource, insertImport } from './store.js';
import { tenantObjects } from './tenant-objects.js';

export interface PackageRequest {
  package: PolicyPackage;
  mappings?: PackageMapping[];
  name?: string;
}

const SPEC = 'package.policy.spec';

/** A field of the resolved spec that names a dependency still unresolved (its state says so). */
function underUnresolved(field: string, paths: readonly string[]): boolean {
  return paths.some((p) => field === p || field.startsWith(`${p}.`) || field.startsWith(`${p}[`));
}

/**
 * What a dry run answers and an import writes (document 1, Policy package): the digest checked,
 * the dependencies recomputed from the spec and resolved against this tenant only, mappings
 * applied, and the resolved version checked as any new version is. Mapping errors are 422.
 */
async function prepare(ctx: ServiceContext, input: PackageRequest, held: ReadonlySet<Permission>) {
  const tenantId = actorOf(ctx).tenantId;
  const pkg = input.package;
  if (packageDigest(pkg) !== pkg.digest)
    throw new AppError(
      'policy_package.digest_mismatch',
      'the package changed after it was exported (its digest does not match)',
      [{ field: 'package.digest', message: 'does not match the package contents' }],
    );
  const deps: PackageDependency[] = checkedDependencies(pkg);
  const sameTenant = pkg.source.tenant_id === tenantId;
  const mappings = input.mappings ?? [];
  const objects = await tenantObjects(ctx.db, tenantId, deps, mappings);
  const resolved = resolveDependencies(deps, { sameTenant, objects, mappings });
  if (resolved.errors.length > 0)
    throw new AppError('request.invalid', 'a mapping names nothing usable in this tenant', resolved.errors);
  const name = input.name ?? pkg.policy.name;
  const spec: PolicyVersionInput = {
    ...applyResolution(pkg.policy.spec, resolved.dependencies, mappings),
    name,
    change_reason: `imported from a policy package (source policy ${pkg.source.policy_number}, version ${pkg.source.version})`,
  };
  checkLookupPermissions(spec as unknown as Record<string, unknown>, held);
  const unresolvedPaths = resolved.dependencies
    .filter((d) => BLOCKING_STATES.has(d.state))
    .flatMap((d) => d.paths);
  const issues: FieldError[] = (
    await versionProblems(ctx, tenantId, spec as unknown as Record<string, unknown>, ctx.clock.now())
  )
    .filter((e) => !underUnresolved(e.field, unresolvedPaths))
    .map((e) => ({
      field: e.field === 'name' && input.name !== undefined ? 'name' : `${SPEC}.${e.field}`,
      message: e.message,
    }));
  const clash = (await policyNames(ctx.db, tenantId)).find(
    (p) => p.name.trim().toLowerCase() === name.trim().toLowerCase(),
  );
  const earlier = await importsOfSource(ctx.db, tenantId, pkg.source);
  const blocking = resolved.dependencies.some((d) => BLOCKING_STATES.has(d.state)) || issues.length > 0;
  const report = {
    source: pkg.source,
    product_version: pkg.product_version,
    digest: pkg.digest,
    same_tenant: sameTenant,
    name,
    ...(clash ? { name_conflict: { policy_id: clash.id, number: clash.number } } : {}),
    previously_imported: earlier.map((r) => ({
      policy_id: r.policy_id,
      number: r.policy_number,
      imported_at: r.imported_at,
      digest: r.digest,
    })),
    dependencies: resolved.dependencies,
    issues,
    blocking,
  };
  return { report, spec };
}

/** `POST /policy-packages/dry-run`: the report; nothing is stored. */
export async function dryRunPackage(
  ctx: ServiceContext,
  input: PackageRequest,
  held: ReadonlySet<Permission>,
) {
  return (await prepare(ctx, input, held)).report;
}

/**
 * `POST /policy-packages/import`: always a new policy whose version 1 is a draft (never
 * published), audited `policy.created` with `imported_from`; refused with 422 naming each
 * dependency still unresolved and each invalid field, nothing stored.
 */
export async function importPackage(
  ctx: ServiceContext,
  input: PackageRequest,
  held: ReadonlySet<Permission>,
) {
  const { report, spec } = await prepare(ctx, input, held);
  if (report.blocking) {
    const details: FieldError[] = [];
    input.package.dependencies.forEach((d, i) => {
      const r = report.dependencies.find((x) => x.key === d.key);
      if (r && BLOCKING_STATES.has(r.state))
        details.push({ field: `package.dependencies[${i}]`, message: r.message });
    });
    throw new AppError(
      'policy_package.unresolved',
      'the package cannot be imported until every dependency resolves and the version is valid',
      [...details, ...report.issues],
    );
  }
  const src = input.package.source;
  const created = await createPolicy(
    ctx,
    { ...spec, group: input.package.policy.group },
    {
      importedFrom: {
        tenant_id: src.tenant_id,
        policy_id: src.policy_id,
        policy_number: src.policy_number,
        version: src.version,
      },
      onCreated: (trx, policy) =>
        insertImport(trx, {
          id: randomUUID(),
          tenant_id: policy.tenant_id,
          policy_id: policy.id,
          policy_number: policy.number,
          source_tenant_id: src.tenant_id,
          source_policy_id: src.policy_id,
          source_version: src.version,
          digest: report.digest,
          imported_by: userIdOf(ctx),
          imported_at: ctx.clock.now().toISOString(),
        }),
    },
  );
  return { id: created.policy_id, version: 1 as const, report };
}
