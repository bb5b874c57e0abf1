import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * What classifications asks of policies (docs/architecture.md, "Module seams"): which live
 * policies bind a classification, so a revision or a disable can be refused (document 1,
 * Conditions rule 1). Classifications sits below policies; the registry passes this port in
 * (modules/policy-wiring.ts), so classifications never reads `policy_versions`.
 */
export interface ClassificationBindingPort {
  /** Ids of the policies whose published or pending version binds the classification. */
  policiesBindingClassification(
    db: Kysely<Database>,
    tenantId: string,
    classificationId: string,
  ): Promise<string[]>;
}
