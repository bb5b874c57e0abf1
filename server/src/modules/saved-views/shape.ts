import type { SavedViewsTable } from './tables.js';

export const SURFACES = ['incidents', 'activity_explorer'] as const;
export type Surface = (typeof SURFACES)[number];
export const VISIBILITIES = ['me', 'team', 'organisation'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface ViewState {
  filters: { name: string; value: string }[];
  sort?: string | null;
  columns?: string[];
}

/** The default scope of a view: 'organisation', its team id, or none for a personal view. */
export const scopeOf = (row: Pick<SavedViewsTable, 'visibility' | 'team_id'>) =>
  row.visibility === 'organisation' ? 'organisation' : row.visibility === 'team' ? row.team_id : null;

/**
 * The caller's list in the order of document 2: the view the surface opens in, then the
 * organisation's, the caller's teams' (by team name), the caller's own; by name inside each.
 * The surface opens in a default of one of the caller's teams (the first by team name) before
 * the organisation's default: the nearer scope wins (docs/saved-views.md).
 */
export function orderedViews(
  rows: SavedViewsTable[],
  userId: string,
  teamNames: ReadonlyMap<string, string>,
) {
  const teamRank = [...teamNames.entries()].map(([id]) => id);
  const rank = (r: SavedViewsTable) =>
    r.visibility === 'organisation' ? -1 : r.visibility === 'team' ? teamRank.indexOf(r.team_id ?? '') : 1e9;
  const sorted = [...rows].sort((a, b) => rank(a) - rank(b));
  const teamDefault = sorted.find((r) => r.visibility === 'team' && r.default_scope !== null);
  const orgDefault = sorted.find((r) => r.visibility === 'organisation' && r.default_scope !== null);
  const opens = teamDefault ?? orgDefault ?? null;
  const ordered = opens ? [opens, ...sorted.filter((r) => r !== opens)] : sorted;
  return ordered.map((r) => viewOf(r, userId, teamNames, r === opens));
}

export function viewOf(
  r: SavedViewsTable,
  userId: string,
  teamNames: ReadonlyMap<string, string>,
  opensIn: boolean,
) {
  const state = JSON.parse(r.state) as ViewState;
  return {
    id: r.id,
    surface: r.surface as Surface,
    name: r.name,
    state: { filters: state.filters, sort: state.sort ?? null, columns: state.columns ?? [] },
    visibility: r.visibility as Visibility,
    team_id: r.team_id,
    team_name: r.team_id === null ? null : (teamNames.get(r.team_id) ?? null),
    is_default: r.default_scope !== null,
    owned: r.owner_id === userId,
    opens_in: opensIn,
    created_at: r.created_at,
    last_used_at: r.last_used_at,
  };
}
