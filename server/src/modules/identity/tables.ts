/** Per-tenant sign-in settings (migration 0150). */
export interface IdentitySettingsTable {
  tenant_id: string;
  /** Document 3: 15-480 minutes; a tenant without a row uses 60. */
  idle_minutes: number;
  /** Document 3: second-factor requirement {required, since, grace_days 0-90}. */
  second_factor_required: number;
  second_factor_since: string | null;
  second_factor_grace_days: number;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    identity_settings: IdentitySettingsTable;
  }
}

/** A person's TOTP factor (migration 0152); unconfirmed until the first code is proved. */
export interface SecondFactorsTable {
  user_id: string;
  tenant_id: string;
  /** The base32 secret sealed with AES-256-GCM under the factor key. */
  secret_sealed: string;
  confirmed_at: string | null;
  /** The last accepted 30-second step; an equal or earlier step is refused. */
  last_step: number | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** SHA-256 (hex) of the code. */
  digest: string;
  used_at: string | null;
}

export interface SignInChallengesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** SHA-256 (hex) of the challenge handed to the client. */
  digest: string;
  /** second_factor (prove a code) or enrol (grace passed: enrol before a session opens). */
  kind: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    second_factors: SecondFactorsTable;
    recovery_codes: RecoveryCodesTable;
    sign_in_challenges: SignInChallengesTable;
  }
}
