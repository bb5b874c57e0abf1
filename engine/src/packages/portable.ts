/**
 * What leaves a tenant in a package, and how a package's own integrity value is computed.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { PolicyVersionInput } from '../policy/policy-types.js';
import { COMPILER_ONLY_DIMENSIONS, type Scope } from '../policy/scope-types.js';
import type { PolicyPackage } from './package-types.js';

function withoutCompilerLists(scope: Scope): Scope {
  const out: Record<string, unknown> = { ...scope };
  for (const f of COMPILER_ONLY_DIMENSIONS) delete out[f];
  return out as Scope;
}

/**
 * The spec as exported: identity fields (`id`, `tenant_id`) and `owner` cleared, the compiler-only
 * exclusion lists removed from the scope and every exception's scope (document 1).
 */
export function portableSpec(spec: PolicyVersionInput): PolicyVersionInput {
  const copy = structuredClone(spec) as PolicyVersionInput & Record<string, unknown>;
  delete copy['id'];
  delete copy['tenant_id'];
  delete copy.owner;
  copy.scope = withoutCompilerLists(copy.scope);
  if (copy.exceptions)
    copy.exceptions = copy.exceptions.map((e) => ({ ...e, scope: withoutCompilerLists(e.scope) }));
  return copy;
}

/** Hex SHA-256 of the canonical JSON (RFC 8785) of the package with `digest` empty. */
export function packageDigest(pkg: Omit<PolicyPackage, 'digest'> & { digest?: string }): string {
  const text = canonicalize({ ...pkg, digest: '' });
  if (text === undefined) throw new Error('package is not serialisable');
  return createHash('sha256').update(text).digest('hex');
}
