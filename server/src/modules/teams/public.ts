// What other modules may use of teams (docs/architecture.md, Module seams).
export { teamsModule } from './routes.js';
export { nameKey, type TeamDeletionHook } from './service.js';
export { findTeamRow as findTeam, listTeamRows as listTeams, teamIdsOfUser } from './store.js';
export type { TeamsTable } from './tables.js';
