// What the registry uses of saved views (docs/architecture.md, Module seams).
import type { TeamDeletionHook } from '../teams/public.js';
import { deleteTeamViews } from './store.js';

export { savedViewsModule } from './routes.js';

/** Deleting a team removes its views (docs/saved-views.md); wired into teams by the registry. */
export const removeTeamViews: TeamDeletionHook = (trx, tenantId, teamId) =>
  deleteTeamViews(trx, tenantId, teamId);
