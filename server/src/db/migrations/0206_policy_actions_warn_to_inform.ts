import { informActions } from '@custos/engine';
import type { Kysely } from 'kysely';

// Document 1, Response actions: `warn` is the historical wire name of `inform`; stored versions are
// migrated. Every action-valued field of each stored policy version is rewritten (the engine's
// informActions, the same rename applied to every new write). Signed bundles (policy_bundles) and
// audit events keep their bytes, so nothing else is touched. No down: every reader reads warn as
// inform, so the rename loses nothing.

interface VersionRow {
  id: string;
  tenant_id: string;
  spec: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Kysely<{ policy_versions: VersionRow }>;
  const rows = await d
    .selectFrom('policy_versions')
    .select(['id', 'tenant_id', 'spec'])
    .where('spec', 'like', '%"warn"%')
    .execute();
  for (const r of rows) {
    const { spec, changed } = informActions(JSON.parse(r.spec) as Record<string, unknown>);
    if (!changed) continue;
    await d
      .updateTable('policy_versions')
      .set({ spec: JSON.stringify(spec) })
      .where('tenant_id', '=', r.tenant_id)
      .where('id', '=', r.id)
      .execute();
  }
}
