import { type Kysely, sql } from 'kysely';

/**
 * A database's schema in a dialect-neutral form, to compare what the same migrations made on
 * SQLite and on PostgreSQL: tables, columns with normalised types and nullability, primary keys,
 * unique column sets (constraints and unique indexes alike: SQLite and PostgreSQL name them
 * differently) and the named indexes with their columns (an expression reads `(expr)`).
 */
export interface SchemaShape {
  /** `table.column` → `type [not null]`. */
  columns: Map<string, string>;
  /** `table` → primary key columns. */
  primaryKeys: Map<string, string>;
  /** `table(cols)` for every unique column set other than the primary key. */
  uniques: Set<string>;
  /** index name → `table(cols)[ unique][ partial]`. */
  indexes: Map<string, string>;
}

const IGNORED_TABLES = new Set(['schema_migrations', 'schema_migrations_lock']);

/** Declared types the migrations use, and what each dialect reports for them, by meaning. */
function normaliseType(type: string): string {
  const t = type.toLowerCase().trim();
  if (t === 'text' || t.startsWith('character varying') || t.startsWith('varchar')) return 'text';
  if (t === 'integer' || t === 'int' || t === 'int4') return 'integer';
  if (t === 'bigint' || t === 'int8') return 'bigint';
  if (t === 'double precision' || t === 'real' || t === 'float8') return 'double';
  if (t === 'bytea' || t === 'blob') return 'bytes';
  return t;
}

function empty(): SchemaShape {
  return { columns: new Map(), primaryKeys: new Map(), uniques: new Set(), indexes: new Map() };
}

// biome-ignore lint/suspicious/noExplicitAny: introspection reads catalogues, not the app's tables
type AnyDb = Kysely<any>;

export async function sqliteShape(db: AnyDb): Promise<SchemaShape> {
  const shape = empty();
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  for (const { name: table } of tables.rows) {
    if (IGNORED_TABLES.has(table)) continue;
    const cols = await sql<{ name: string; type: string; notnull: number; pk: number }>`
      select name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
    const pk = cols.rows.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    for (const c of cols.rows) {
      // SQLite lets a primary key column be NULL unless declared otherwise; PostgreSQL never does.
      const notNull = c.notnull === 1 || c.pk > 0;
      shape.columns.set(`${table}.${c.name}`, `${normaliseType(c.type)}${notNull ? ' not null' : ''}`);
    }
    if (pk.length > 0) shape.primaryKeys.set(table, pk.map((c) => c.name).join(','));
    const list = await sql<{ name: string; unique: number; origin: string; partial: number }>`
      select name, "unique", origin, partial from pragma_index_list(${table})`.execute(db);
    for (const idx of list.rows) {
      if (idx.origin === 'pk') continue;
      const info = await sql<{ seqno: number; name: string | null }>`
        select seqno, name from pragma_index_info(${idx.name}) order by seqno`.execute(db);
      const cols = info.rows.map((r) => r.name ?? '(expr)').join(',');
      if (idx.unique === 1 && idx.partial === 0) shape.uniques.add(`${table}(${cols})`);
      if (idx.origin === 'c') {
        shape.indexes.set(idx.name, describeIndex(table, cols, idx.unique === 1, idx.partial === 1));
      }
    }
  }
  return shape;
}

/** PostgreSQL's shape of the tables the migrations name; partitions of a table (agent_events' months) are its storage, not tables of their own. */
export async function postgresShape(db: AnyDb): Promise<SchemaShape> {
  const shape = empty();
  const cols = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = 'public'
      and table_name not in (select relname from pg_class where relispartition)
    order by table_name, ordinal_position`.execute(db);
  for (const c of cols.rows) {
    if (IGNORED_TABLES.has(c.table_name)) continue;
    const notNull = c.is_nullable === 'NO';
    shape.columns.set(
      `${c.table_name}.${c.column_name}`,
      `${normaliseType(c.data_type)}${notNull ? ' not null' : ''}`,
    );
  }
  const indexes = await sql<{
    table: string;
    name: string;
    unique: boolean;
    primary: boolean;
    partial: boolean;
    constraint: boolean;
    cols: string;
  }>`
    select t.relname as table, i.relname as name, x.indisunique as unique, x.indisprimary as primary,
      x.indpred is not null as partial,
      exists (select 1 from pg_constraint k where k.conindid = x.indexrelid) as constraint,
      (select string_agg(coalesce(a.attname, '(expr)'), ',' order by k.n)
         from unnest(x.indkey::int2[]) with ordinality as k(attnum, n)
         left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0) as cols
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace s on s.oid = t.relnamespace
    where s.nspname = 'public' and not t.relispartition
    order by t.relname, i.relname`.execute(db);
  for (const idx of indexes.rows) {
    if (IGNORED_TABLES.has(idx.table)) continue;
    if (idx.primary) {
      shape.primaryKeys.set(idx.table, idx.cols);
      continue;
    }
    if (idx.unique && !idx.partial) shape.uniques.add(`${idx.table}(${idx.cols})`);
    if (!idx.constraint)
      shape.indexes.set(idx.name, describeIndex(idx.table, idx.cols, idx.unique, idx.partial));
  }
  return shape;
}

function describeIndex(table: string, cols: string, unique: boolean, partial: boolean): string {
  return `${table}(${cols})${unique ? ' unique' : ''}${partial ? ' partial' : ''}`;
}

/** Every difference between two shapes, one line each (`what: sqlite=… postgres=…`). */
export function shapeDifferences(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const out: string[] = [];
  const compare = (kind: string, a: Map<string, string>, b: Map<string, string>) => {
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      const x = a.get(key) ?? '(absent)';
      const y = b.get(key) ?? '(absent)';
      if (x !== y) out.push(`${kind} ${key}: sqlite=${x} postgres=${y}`);
    }
  };
  compare('column', sqlite.columns, postgres.columns);
  compare('primary key', sqlite.primaryKeys, postgres.primaryKeys);
  const asMap = (s: Set<string>) => new Map([...s].map((u) => [u, 'unique']));
  compare('unique', asMap(sqlite.uniques), asMap(postgres.uniques));
  compare('index', sqlite.indexes, postgres.indexes);
  return out.sort();
}
