import { and, asc, count, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { tenantRepository, type Scope } from '../../platform/tenant-repository.js';
import { patients } from '../patients/patients.table.js';
import { clients } from './clients.table.js';

const base = tenantRepository(clients);
export type ClientRow = typeof clients.$inferSelect;

/**
 * Each word typed must appear in the client's search text. A word of digits and phone
 * punctuation ("555-0142") is matched by its digits.
 */
export function clientSearch(search: string | undefined): SQL | undefined {
  const words = (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (/^[\d()+\-.]+$/.test(w) && /\d/.test(w) ? w.replace(/\D/g, '') : w))
    .filter(Boolean)
    .slice(0, 6);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => like(clients.searchText, `%${escapeLike(w)}%`)));
}

export const clientOrder = [asc(sql`lower(${clients.firstName})`), asc(sql`lower(${clients.lastName})`), asc(clients.id)];

export const clientsRepository = {
  ...base,

  async page(ex: Executor, scope: Scope, opts: { locationId: string; search?: string | undefined; limit: number; offset: number }) {
    const where = and(eq(clients.locationId, opts.locationId), clientSearch(opts.search));
    const [items, total] = await Promise.all([
      base.list(ex, scope, { where, orderBy: clientOrder, limit: opts.limit, offset: opts.offset }),
      base.count(ex, scope, where),
    ]);
    return { items, total };
  },

  async patientCounts(ex: Executor, scope: Scope, clientIds: string[]): Promise<Map<string, number>> {
    if (clientIds.length === 0) return new Map();
    const rows = await ex
      .select({ clientId: patients.clientId, n: count() })
      .from(patients)
      .where(and(eq(patients.accountId, scope.accountId), inArray(patients.clientId, clientIds)))
      .groupBy(patients.clientId);
    return new Map(rows.map((r) => [r.clientId, r.n]));
  },

  async byIds(ex: Executor, scope: Scope, ids: string[]): Promise<ClientRow[]> {
    return ids.length ? base.list(ex, scope, { where: inArray(clients.id, [...new Set(ids)]) }) : [];
  },

  async search(ex: Executor, scope: Scope, q: string, locationId: string | undefined, limit: number) {
    return base.list(ex, scope, {
      where: and(locationId ? eq(clients.locationId, locationId) : undefined, clientSearch(q)),
      orderBy: clientOrder,
      limit,
    });
  },

  /** Emails already used at a location (lower-cased), for imports. */
  async emailsAt(ex: Executor, scope: Scope, locationId: string, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await ex
      .select({ email: sql<string>`lower(${clients.email})` })
      .from(clients)
      .where(and(base.scoped(scope, eq(clients.locationId, locationId)), inArray(sql`lower(${clients.email})`, emails)));
    return new Set(rows.map((r) => r.email));
  },

  async insertMany(ex: Executor, scope: Scope, rows: Omit<typeof clients.$inferInsert, 'accountId'>[]): Promise<ClientRow[]> {
    if (rows.length === 0) return [];
    return ex
      .insert(clients)
      .values(rows.map((r) => ({ ...r, accountId: scope.accountId })))
      .returning();
  },
};
