import type { PolicyVersion } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { ServiceContext } from '../service-context.js';

/**
 * What the approved-device inventory asks of policies (docs/architecture.md, "Module seams"):
 * after a change to the inventory, whether a released policy reads it, and a compile of the
 * released set. Passed in by the registry (modules/policy-wiring.ts), so approved-devices never
 * imports policies and policies may read the inventory for the bundle.
 */
/** What a compile needs besides the service context (policies' `PolicyParts`). */
export interface CompileParts {
  masterKey: Buffer;
  canApprove: boolean;
}

export interface PolicyCompilePort {
  /** Every published version of an enabled policy, in list order: what the next bundle ships. */
  releasedPolicies(db: Kysely<Database>, tenantId: string): Promise<{ version: PolicyVersion }[]>;
  /** Compiles the next bundle inside the compiling lock (`onStart` when the lock is taken). */
  compileTenant(
    ctx: ServiceContext,
    parts: CompileParts,
    reason: string,
    extra?: { onStart?: () => void; metadata?: () => Record<string, unknown> },
  ): Promise<{ version: number }>;
}
