// A database with the Citus extension is distributed by account after every migration (decision
// 0246): `accounts` by its id, every tenant table by `account_id` in the same co-location group
// (an account's rows of every table sit on one shard, so a statement scoped to one account, as
// tenant-repository.ts builds them all, runs on one node), and every global table is a reference
// table (a copy on each node, so tenant tables may reference it and join it). Tables already
// distributed are left as they are, so a new migration's tables are distributed when it runs.
// Without Citus this is one query that finds no extension.

/** Tables without an account: platform reference data, the sign-in email directory, sign-in failures. */
export const GLOBAL_TABLES = [
  'accounts',
  'subscription_tiers',
  'species',
  'system_roles',
  'user_emails',
  'auth_failures',
  'product_messages',
  'sign_in_tokens',
  'rate_events',
  'google_sign_in_states',
  'schedules',
] as const;

/** What every tenant table is co-located with (and distributed by its id, its account's key). */
const ANCHOR = 'accounts';

export type Query = <R>(text: string) => Promise<R[]>;

interface Table {
  name: string;
  columns: string[];
  /** the tables this one's foreign keys name */
  references: string[];
  distributed: boolean;
}

export async function hasCitus(query: Query): Promise<boolean> {
  const rows = await query<{ citus: boolean }>(`select exists (select 1 from pg_extension where extname = 'citus') as citus`);
  return rows[0]?.citus === true;
}

/**
 * Distributes what is not yet; returns the statements it ran (none without Citus). Citus refuses
 * to distribute a table that a table still local references, so the foreign keys touching a table
 * not yet distributed are dropped first and made again once every table is distributed.
 */
export async function distributeByAccount(query: Query): Promise<string[]> {
  if (!(await hasCitus(query))) return [];
  const tables = await query<Table>(`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
      array(select distinct f.relname::text from pg_constraint co join pg_class f on f.oid = co.confrelid
            where co.conrelid = c.oid and co.contype = 'f' and co.confrelid <> c.oid) as "references",
      exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid) as distributed
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  if (tables.every((t) => t.distributed)) return [];
  const keys = await query<{ table: string; name: string; definition: string }>(`
    select c.relname as table, co.conname as name, pg_get_constraintdef(co.oid) as definition
    from pg_constraint co join pg_class c on c.oid = co.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and co.contype = 'f'
      and not (exists (select 1 from pg_dist_partition p where p.logicalrelid = co.conrelid)
           and exists (select 1 from pg_dist_partition p where p.logicalrelid = co.confrelid))
    order by c.relname, co.conname`);
  const ran: string[] = [];
  const run = async (statement: string) => {
    await query(statement);
    ran.push(statement);
  };
  for (const k of keys) await run(`alter table ${ident(k.table)} drop constraint ${ident(k.name)}`);
  for (const t of referencedFirst(tables)) {
    if (t.distributed) continue;
    // The ledger's refusal of UPDATE and DELETE reads and writes nothing else, so it is safe on each
    // shard; Citus lets a table with triggers be distributed only when told so.
    const shardSafe = t.name === 'inventory_movements';
    if (shardSafe) await query('set citus.enable_unsafe_triggers = on');
    try {
      await run(distributionOf(t));
    } finally {
      if (shardSafe) await query('reset citus.enable_unsafe_triggers');
    }
  }
  for (const k of keys) await run(`alter table ${ident(k.table)} add constraint ${ident(k.name)} ${k.definition}`);
  return ran;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function distributionOf(t: Table): string {
  const name = `'${t.name.replaceAll("'", "''")}'`;
  if (t.name === ANCHOR) return `select create_distributed_table(${name}, 'id')`;
  if ((GLOBAL_TABLES as readonly string[]).includes(t.name)) return `select create_reference_table(${name})`;
  if (!t.columns.includes('account_id')) throw new Error(`${t.name} has no account_id and is not a global table`);
  return `select create_distributed_table(${name}, 'account_id', colocate_with => '${ANCHOR}')`;
}

/** Citus distributes a table only after the tables its foreign keys name. */
function referencedFirst(tables: Table[]): Table[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const order: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: Table) => {
    if (state.get(t.name) === 'done') return;
    if (state.get(t.name) === 'visiting') throw new Error(`foreign keys form a cycle through ${t.name}`);
    state.set(t.name, 'visiting');
    for (const r of [...t.references].sort()) {
      const target = byName.get(r);
      if (target) visit(target);
    }
    state.set(t.name, 'done');
    order.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return order;
}
