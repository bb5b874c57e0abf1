import type { paths } from '../../api/schema.js';

export type InventoryQuery = NonNullable<paths['/api/v1/policies/inventory']['get']['parameters']['query']>;

/** The inventory's filters, kept in the address so a filtered view can be shared. */
export type InventorySearch = Omit<InventoryQuery, 'limit'>;

export const INVENTORY_PAGE = 50;
const KEYS = [
  'q',
  'family',
  'group',
  'status',
  'action',
  'channel',
  'classification',
  'scope',
  'owner',
  'deployment',
  'attention',
  'updated_since',
  'sort',
  'dir',
] as const;

/** Only strings pass; the server refuses a value outside its lists with a 422 the page shows. */
export function parseInventorySearch(raw: Record<string, unknown>): InventorySearch {
  const out: Record<string, string | number> = {};
  for (const key of KEYS) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  const offset = Number(raw.offset);
  if (Number.isInteger(offset) && offset > 0) out.offset = offset;
  return out as InventorySearch;
}

export function toInventoryQuery(s: InventorySearch): InventoryQuery {
  return { ...s, limit: INVENTORY_PAGE, offset: s.offset ?? 0 };
}
