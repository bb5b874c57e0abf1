/** Enrolment tokens (migration 0301). Only the SHA-256 of a token is stored (document 2). */
export interface EnrollmentTokensTable {
  id: string;
  tenant_id: string;
  token_hash: string;
  /** The first characters of the token, for people to recognise it in the list. */
  token_prefix: string;
  group_id: string | null;
  max_uses: number;
  uses: number;
  expires_at: string;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** The per-tenant device CA (migration 0300): enrolment issues and renews device certificates. */
export interface DeviceCasTable {
  tenant_id: string;
  certificate_pem: string;
  /** PKCS#8 PEM of the CA key, sealed under the master key. */
  private_key_sealed: string;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    enrollment_tokens: EnrollmentTokensTable;
    device_cas: DeviceCasTable;
  }
}
