import { join } from 'node:path';
import { readStateJson, writeStateJson } from './state-files.js';

/** A policy signing key as the enrolment response and trust updates carry it (document 2). */
export interface PolicySigningKey {
  key_id: string;
  public_key_b64: string;
  algorithm: string;
  not_after: string | null;
}

/** What enrolment leaves in the state directory (`enrollment.json`, owner-only). */
export interface EnrollmentState {
  server_url: string;
  device_id: string;
  tenant_id: string;
  agent_group: string | null;
  certificate_pem: string;
  ca_chain_pem: string;
  certificate_expires_at: string;
  policy_signing_keys: PolicySigningKey[];
  policy_trust_version: number;
  checkin_interval_secs: number | null;
  enrolled_at: string;
}

export const ENROLLMENT_FILE = 'enrollment.json';
/** The server TLS CA given at enrolment (`--ca-file`), kept so the service trusts the same server. */
export const SERVER_CA_FILE = 'server-ca.pem';

export function enrollmentPath(stateDir: string): string {
  return join(stateDir, ENROLLMENT_FILE);
}

export async function readEnrollment(stateDir: string): Promise<EnrollmentState | undefined> {
  return readStateJson<EnrollmentState>(enrollmentPath(stateDir));
}

export async function writeEnrollment(stateDir: string, state: EnrollmentState): Promise<void> {
  await writeStateJson(enrollmentPath(stateDir), state);
}
