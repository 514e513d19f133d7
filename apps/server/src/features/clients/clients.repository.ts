import { and, asc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../platform/like.js';
import { idIn, tenantRepository, type AccountKeyed, type Scope, type ListOptions } from '../../platform/tenant-repository.js';
import { clients } from './clients.table.js';

const base = tenantRepository(clients);
export type ClientRow = typeof clients.$inferSelect;

/**
 * What the client list shows beside each client, read in the list's own statement: how many
 * patients the household has. The patients feature offers it (`clientListExtras`) and the
 * container hands it to `ClientsService` (decision 0173): clients know nothing of patients.
 */
export type ClientListExtras = {
  patientCount: SQL<number>;
};

/**
 * Each word typed must appear in the client's search text. A word of digits and phone
 * punctuation ("555-0142") is matched by its digits.
 */
export function clientSearch(search: string | undefined): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => like(clients.searchText, `%${escapeLike(w)}%`)));
}

/** The words of a search as matched (lower case, a phone's digits alone, at most six). */
function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (/^[\d()+\-.]+$/.test(w) && /\d/.test(w) ? w.replace(/\D/g, '') : w))
    .filter(Boolean)
    .slice(0, 6);
}

export const clientOrder = [asc(sql`lower(${clients.firstName})`), asc(sql`lower(${clients.lastName})`), asc(clients.id)];

/**
 * The same order, written so no index provides it (`|| ''` changes no value): PostgreSQL then finds
 * the matches first (the trigram index) and sorts them, rather than walking the account's clients
 * in name order until enough match. See `search`.
 */
const clientOrderOfMatches = [asc(sql`lower(${clients.firstName}) || ''`), asc(sql`lower(${clients.lastName}) || ''`), asc(clients.id)];

export const clientsRepository = {
  ...base,

  /** A location's clients, optionally searched, by name; archived ones only when asked for. */
  listOptions: (q: { locationId: string; search?: string | undefined; includeArchived?: 'true' | 'false' | undefined }): ListOptions => ({
    where: and(
      eq(clients.locationId, q.locationId),
      q.includeArchived === 'true' ? undefined : isNull(clients.archivedAt),
      clientSearch(q.search),
    ),
    orderBy: clientOrder,
  }),

  /**
   * The client of a location whose phone (or alternate phone) has these digits, however it was
   * typed: a text from +15305550142 finds "(530) 555-0142". Clients not archived first.
   */
  async findByPhoneDigits(ex: Executor, scope: Scope, locationId: string, digits: readonly string[]): Promise<ClientRow | undefined> {
    if (digits.length === 0) return undefined;
    const digitsOf = (column: PgColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g') = any(${sql.param([...digits])}::text[])`;
    const [row] = await base.list(ex, scope, {
      where: and(eq(clients.locationId, locationId), sql`(${digitsOf(clients.phone)} or ${digitsOf(clients.alternatePhone)})`),
      orderBy: [sql`${clients.archivedAt} is not null`, clients.createdAt],
      limit: 1,
    });
    return row;
  },

  async byIds(ex: Executor, scope: Scope, ids: string[]): Promise<ClientRow[]> {
    return ids.length ? base.list(ex, scope, { where: idIn(clients.id, [...new Set(ids)]) }) : [];
  },

  /** What a list of another feature's records shows of each client (appointments). */
  async summaries(ex: Executor, scope: Scope, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return base.select(
      ex,
      scope,
      { id: clients.id, firstName: clients.firstName, lastName: clients.lastName, email: clients.email, phone: clients.phone },
      idIn(clients.id, [...ids]),
    );
  },

  /**
   * A condition for another table's query: the client whose id is `clientId` (a column of
   * `outer`) has `word` (lower case) in their full name.
   */
  nameContains(scope: Scope, outer: AccountKeyed, clientId: PgColumn, word: string): SQL {
    const pattern = `%${escapeLike(word)}%`;
    return base.existsFor(scope, outer, and(eq(clients.id, clientId), sql`lower(${clients.firstName} || ' ' || ${clients.lastName}) like ${pattern}`));
  },

  /** The client at a location with this email, whatever its case. */
  async findByEmailAt(ex: Executor, scope: Scope, locationId: string, email: string): Promise<ClientRow | undefined> {
    const [row] = await base.list(ex, scope, {
      where: and(eq(clients.locationId, locationId), eq(sql`lower(${clients.email})`, email.toLowerCase())),
      limit: 1,
    });
    return row;
  },

  /** The global search and the client pickers built on it: archived clients are not offered. */
  async search(ex: Executor, scope: Scope, q: string, locationId: string | undefined, limit: number) {
    // Over all locations, words of one or two letters (the first keys typed) match nearly every
    // client and the trigram index cannot narrow them: the clients are read in name order
    // (clients_account_name) until enough match. From three letters the trigram index finds the
    // matches and they are sorted; walking the name order instead reads up to the whole account
    // when the matches sit late in it ("mari": 68,000 rows, 63 ms against 2–6). Decision 0239.
    const byTrigrams = !locationId && searchWords(q).some((w) => w.length >= 3);
    return base.list(ex, scope, {
      where: and(locationId ? eq(clients.locationId, locationId) : undefined, isNull(clients.archivedAt), clientSearch(q)),
      orderBy: byTrigrams ? clientOrderOfMatches : clientOrder,
      limit,
    });
  },

  /** Emails already used at a location (lower-cased), for imports. */
  async emailsAt(ex: Executor, scope: Scope, locationId: string, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await base.select(
      ex,
      scope,
      { email: sql<string>`lower(${clients.email})` },
      and(eq(clients.locationId, locationId), inArray(sql`lower(${clients.email})`, emails)),
    );
    return new Set(rows.map((r) => r.email));
  },
};
