import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * What the agent interface and incidents read from the policies module, with the signatures of
 * the module contract (modules/bundles/public.ts, modules/policies/public.ts). The agent modules
 * take it as an argument, so the wiring to the policies module lives in one file (policy-wiring)
 * and tests may pass their own published data.
 */
export interface LatestBundle {
  version: number;
  /** The signed envelope object exactly as served to agents. */
  envelope: unknown;
  required_capabilities: string[];
  created_at: string;
}

export interface PolicySigningKey {
  key_id: string;
  public_key_b64: string;
  algorithm: 'ed25519';
  not_after: string | null;
}

export interface PolicyForIncident {
  id: string;
  number: number;
  name: string;
  severity: string;
  raise_every_match: boolean;
  published_version: number | null;
  is_test: boolean;
}

export interface PolicyPort {
  getLatestBundle(db: Kysely<Database>, tenantId: string): Promise<LatestBundle | undefined>;
  getPolicySigningKeys(
    db: Kysely<Database>,
    tenantId: string,
    masterKey: Buffer,
  ): Promise<PolicySigningKey[]>;
  getPolicyForIncident(
    db: Kysely<Database>,
    tenantId: string,
    policyId: string,
  ): Promise<PolicyForIncident | undefined>;
  /**
   * Live policies naming the group: by name always, and by typed target when the id is given
   * (a rename keeps typed targets, which the compiler resolves by id; retiring breaks both).
   */
  policiesNamingAgentGroup(
    db: Kysely<Database>,
    tenantId: string,
    groupName: string,
    groupId?: string,
  ): Promise<string[]>;
}
