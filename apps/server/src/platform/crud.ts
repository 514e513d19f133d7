// The one list/get/create/update/delete mechanism tenant entities share: scoped by the session's
// account (through the tenant repository), each write in one transaction with its child rows and
// its audit entry, the row an update or delete changes locked first.
import type { CrudOperationSet, Operation } from '@willow/contracts';
import type { Db, Executor } from '../db/client.js';
import type { AuditService } from '../features/audit/audit.service.js';
import type { AuthContext, Caller } from './access.js';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound, REFERENCE_CHANGED } from './errors.js';
import { assertFiltersVisible, filtersVisibleSql, type ListFilter } from './list-filters.js';
import type { BodyOf, QueryOf, ResponseOf, Router } from './router.js';
import type {
  Extras,
  ListOptions,
  NewRow,
  Row,
  RowPatch,
  RowWith,
  Scope,
  TenantRepository,
  TenantTable,
} from './tenant-repository.js';
import type { ChildRow, ChildTable } from './tenant-row-sets.js';

/**
 * A location-owned entity (the row has a locationId): its location is checked on create and on a
 * move (400 naming locationId), and a list filtered by another account's location answers 404.
 * The locations feature offers it (`locationOwnership`); the kit only calls it.
 */
export interface LocationOwnership {
  check(ex: Executor, scope: Scope, locationId: string): Promise<unknown>;
  /** the location, as a list filter: it must be of the account (asked with the list's count) */
  filter: ListFilter[0];
}

/** A header's child rows (an invoice's items), sent with it and written in its transaction. */
export interface ItemsDefinition<T extends TenantTable, I, CT extends TenantTable = TenantTable> {
  table: ChildTable<CT>;
  /** checks the items (references looked up in the scope) and builds their rows, in order */
  prepare(ex: Executor, scope: Scope, items: I[], header: Row<T>): Promise<ChildRow<CT>[]>;
  /** after the items are written (e.g. totals kept on the header); answers the header as it now is */
  afterWrite?(ex: Executor, scope: Scope, header: Row<T>, items: Row<CT>[]): Promise<Row<T>>;
}

/** A create anyone may send (a form on a public page): which account it goes to, and what refuses it. */
export interface PublicCreate<C> {
  /** the account the input belongs to (e.g. from the location it names); 404 when none takes such forms */
  scopeOf(ex: Executor, input: C): Promise<Scope>;
  /** refusals before anything is written: rate limits, form tokens (the same rules a page of its own would apply) */
  guard?(ex: Executor, scope: Scope, request: { ip: string }, input: C): Promise<void>;
}

export interface CrudDefinition<T extends TenantTable, E, C, U, Q, L = E, I = never, X extends Extras = {}> {
  /** the name history is kept under, e.g. 'prescription' */
  entityType: string;
  repository: TenantRepository<T>;
  /** rows to answers; batch-loads whatever names the answer shows */
  toEntities(ex: Executor, scope: Scope, rows: Row<T>[]): Promise<E[]>;
  /** a list's rows, when they show more than the entity (a client's patient count); toEntities otherwise */
  toListItems?(ex: Executor, scope: Scope, rows: RowWith<T, X>[]): Promise<L[]>;
  /** what a list reads beside each row, in its own statement (a paged list only), built for the scope (its subqueries name the account) */
  listExtras?: (scope: Scope) => X;
  /** the list's filter and order (for the scope: a subquery in it names the account); a paged list takes its limit and offset from the query */
  listOptions(query: Q, scope: Scope): ListOptions;
  /** answers `{items, total}` (the query carries limit and offset) */
  paged?: boolean;
  /** ids the list is filtered by: each must be of the account, or the list answers 404 */
  listFilters?(query: Q): readonly ListFilter[];
  location?: LocationOwnership;
  /** checks references (each looked up in the scope) and builds the row; `caller.userId` is null for a public create */
  prepareCreate(ex: Executor, caller: Caller, input: C): Promise<NewRow<T>>;
  preparePatch(ex: Executor, scope: Scope, input: U, existing: Row<T>): Promise<RowPatch<T>>;
  /** follow-up writes in the same transaction (e.g. records that follow a moved client) */
  afterUpdate?(ex: Executor, auth: AuthContext, before: Row<T>, after: Row<T>): Promise<void>;
  /** refusals (409) and follow-up writes of a delete, in its transaction, before the row goes */
  beforeRemove?(ex: Executor, auth: AuthContext, existing: Row<T>): Promise<void>;
  /**
   * Archive and restore (the row has `archivedAt`; docs/decisions/0059): each a change of that one
   * column with its history entry, after these refusals (409) and follow-up writes in its transaction.
   */
  archive?: ArchiveRules<T>;
  items?: ItemsDefinition<T, I, any>;
  publicCreate?: PublicCreate<C>;
  /** unique constraint name → the message a clash answers (409) */
  uniqueMessages?: Record<string, string>;
  /**
   * foreign key constraint name → the message (409) when it stops a write: a referenced row
   * deleted, or (on delete) a referring row added, while this write ran. Others answer REFERENCE_CHANGED.
   */
  foreignKeyMessages?: Record<string, string>;
}

export interface ArchiveRules<T extends TenantTable> {
  /** before a row is archived at `at` (e.g. refusing while appointments are coming up; the client's patients with them) */
  beforeArchive?(ex: Executor, auth: AuthContext, existing: Row<T>, at: Date): Promise<void>;
  /** before an archived row comes back (e.g. refusing while the client is archived; the patients archived with them) */
  beforeRestore?(ex: Executor, auth: AuthContext, existing: Row<T>): Promise<void>;
}

type Locationed = { locationId?: string | undefined | null };
const archivedAtOf = (row: unknown) => (row as { archivedAt?: Date | null }).archivedAt ?? null;
const locationOf = (value: unknown) => (value as Locationed).locationId ?? undefined;

export class TenantCrudService<T extends TenantTable, E, C, U, Q, L = E, I = never, X extends Extras = {}> {
  constructor(
    protected readonly db: Db,
    protected readonly audit: AuditService,
    protected readonly def: CrudDefinition<T, E, C, U, Q, L, I, X>,
  ) {
    // Every entity the kit serves keeps history, so each registers itself: there is no list to forget.
    audit.registerRecord(def.entityType, def.repository);
  }

  /**
   * The list: an array, or `{items, total}` for a paged entity. A paged list is two statements
   * run side by side, the page (with its extras) and the count, which also asks whether the
   * filters name rows of the account: a request to a list is as many round trips as its SQL.
   */
  async list(auth: AuthContext, query: Q): Promise<L[] | { items: L[]; total: number }> {
    const options = this.def.listOptions(query, auth);
    const toItems = (rows: RowWith<T, X>[]) =>
      this.def.toListItems ? this.def.toListItems(this.db, auth, rows) : (this.def.toEntities(this.db, auth, rows) as unknown as Promise<L[]>);
    if (!this.def.paged) {
      await assertFiltersVisible(this.db, auth, this.listFilters(query));
      return toItems((await this.def.repository.list(this.db, auth, options)) as RowWith<T, X>[]);
    }
    const { limit, offset } = query as { limit: number; offset: number };
    const { items, total, allowed } = await this.def.repository.page(this.db, auth, {
      ...options,
      limit,
      offset,
      ...(this.def.listExtras && { extras: this.def.listExtras(auth) }),
      require: filtersVisibleSql(auth, this.listFilters(query)),
    });
    if (!allowed) throw notFound();
    return { items: await toItems(items), total };
  }

  /** The ids the list is filtered by, its location first. */
  private listFilters(query: Q): ListFilter[] {
    const locationId = locationOf(query);
    return [...(this.def.location && locationId ? [[this.def.location.filter, locationId] as const] : []), ...(this.def.listFilters?.(query) ?? [])];
  }

  async get(scope: Scope, id: string, ex: Executor = this.db): Promise<E> {
    const row = await this.def.repository.findById(ex, scope, id);
    if (!row) throw notFound();
    return (await this.def.toEntities(ex, scope, [row]))[0]!;
  }

  async create(caller: Caller, input: C, items?: I[]): Promise<E> {
    return this.write((tx) => this.createIn(tx, caller, input, items));
  }

  /** The create inside a transaction the caller holds (a service that checks something under a lock first). */
  protected async createIn(tx: Executor, caller: Caller, input: C, items?: I[]): Promise<E> {
    const inputLocation = locationOf(input);
    if (this.def.location && inputLocation) await this.def.location.check(tx, caller, inputLocation);
    let row = await this.def.repository.insert(tx, caller, await this.def.prepareCreate(tx, caller, input));
    if (this.def.items) row = await this.writeItems(tx, caller, row, items ?? []);
    await this.audit.record(tx, caller, [{ entityType: this.def.entityType, entityId: idOf(row), action: 'create', after: row }]);
    return (await this.def.toEntities(tx, caller, [row]))[0]!;
  }

  /** A create from a public form: the account comes from what the form names, after its guard lets it through. */
  async createPublic(request: { ip: string }, input: C, items?: I[]): Promise<E> {
    const rule = this.def.publicCreate;
    if (!rule) throw notFound();
    const scope = await rule.scopeOf(this.db, input);
    await rule.guard?.(this.db, scope, request, input);
    return this.create({ accountId: scope.accountId, userId: null }, input, items);
  }

  async update(auth: AuthContext, id: string, input: U, items?: I[]): Promise<E> {
    return this.applyPatch(
      auth,
      id,
      async (tx, existing) => {
        // A move to another location is checked like a create's location, before the rest.
        const moving = locationOf(input);
        if (this.def.location && moving && moving !== locationOf(existing)) await this.def.location.check(tx, auth, moving);
        return this.def.preparePatch(tx, auth, input, existing);
      },
      items,
    );
  }

  /**
   * Changes a row (404 if not in scope) with its hooks, its items when sent, and its audit entry,
   * in one transaction.
   */
  protected async applyPatch(
    auth: AuthContext,
    id: string,
    build: (tx: Executor, existing: Row<T>) => Promise<RowPatch<T>>,
    items?: I[],
    action: 'update' | 'archive' | 'restore' = 'update',
  ): Promise<E> {
    return this.write(async (tx) => {
      // Locked until the transaction ends: two updates of one row are checked one after the other.
      const existing = await this.def.repository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      let row = await this.def.repository.update(tx, auth, id, await build(tx, existing));
      if (!row) throw notFound();
      if (this.def.items && items) row = await this.writeItems(tx, auth, row, items);
      await this.def.afterUpdate?.(tx, auth, existing, row);
      await this.audit.record(tx, auth, [{ entityType: this.def.entityType, entityId: id, action, before: existing, after: row }]);
      return (await this.def.toEntities(tx, auth, [row]))[0]!;
    });
  }

  /**
   * Hides the row from lists, search and pickers, keeping it and its history. Archiving an
   * archived row changes nothing (two people pressing Archive at once), and leaves no history.
   */
  async archive(auth: AuthContext, id: string): Promise<E> {
    const rules = this.def.archive;
    if (!rules) throw notFound();
    return this.applyPatch(
      auth,
      id,
      async (tx, existing) => {
        if (archivedAtOf(existing)) return {};
        const at = new Date();
        await rules.beforeArchive?.(tx, auth, existing, at);
        return { archivedAt: at } as RowPatch<T>;
      },
      undefined,
      'archive',
    );
  }

  /** Brings an archived row back; restoring one that is not archived changes nothing. */
  async restore(auth: AuthContext, id: string): Promise<E> {
    const rules = this.def.archive;
    if (!rules) throw notFound();
    return this.applyPatch(
      auth,
      id,
      async (tx, existing) => {
        if (!archivedAtOf(existing)) return {};
        await rules.beforeRestore?.(tx, auth, existing);
        return { archivedAt: null } as RowPatch<T>;
      },
      undefined,
      'restore',
    );
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.write(async (tx) => {
      const existing = await this.def.repository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      await this.def.beforeRemove?.(tx, auth, existing);
      await this.def.items?.table.removeAll(tx, auth, id);
      if (!(await this.def.repository.remove(tx, auth, id))) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: this.def.entityType, entityId: id, action: 'delete', before: existing }]);
    });
  }

  private async writeItems(tx: Executor, scope: Scope, header: Row<T>, items: I[]): Promise<Row<T>> {
    const def = this.def.items!;
    const written = await def.table.replace(tx, scope, idOf(header), await def.prepare(tx, scope, items, header));
    return def.afterWrite ? def.afterWrite(tx, scope, header, written) : header;
  }

  /** A transaction whose unique clashes and foreign-key refusals answer 409 with the definition's messages. */
  protected async write<R>(work: (tx: Executor) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction((tx) => work(tx));
    } catch (err) {
      for (const [constraint, message] of Object.entries(this.def.uniqueMessages ?? {})) {
        if (isUniqueViolation(err, constraint)) throw conflict(message);
      }
      if (isForeignKeyViolation(err)) {
        const named = Object.entries(this.def.foreignKeyMessages ?? {}).find(([constraint]) => isForeignKeyViolation(err, constraint));
        throw conflict(named?.[1] ?? REFERENCE_CHANGED);
      }
      throw err;
    }
  }
}

const idOf = (row: object) => (row as { id: string }).id;

/** What the kit's routes call, once registerCrud has checked the service against its contract. */
interface CrudHandlers {
  list?(auth: AuthContext, query: unknown): Promise<unknown>;
  get?(auth: AuthContext, id: string): Promise<unknown>;
  create?(auth: AuthContext, input: unknown, items?: unknown[]): Promise<unknown>;
  createPublic?(request: { ip: string }, input: unknown, items?: unknown[]): Promise<unknown>;
  update?(auth: AuthContext, id: string, input: unknown, items?: unknown[]): Promise<unknown>;
  remove?(auth: AuthContext, id: string): Promise<void>;
  archive?(auth: AuthContext, id: string): Promise<unknown>;
  restore?(auth: AuthContext, id: string): Promise<unknown>;
}

/** The fields a write's body carries under its key (`data`, or the contract's wrapper), as zod hands them on. */
type FieldsOf<O, Ops extends CrudOperationSet> = BodyOf<O>[Ops['body']['data'] & keyof BodyOf<O>];
/** The child rows a write's body carries, as zod hands them on (none for an entity without items). */
type ItemsOf<O, Ops extends CrudOperationSet> = [Exclude<Ops['body']['items'], undefined>] extends [never]
  ? never[]
  : NonNullable<BodyOf<O>[Exclude<Ops['body']['items'], undefined> & keyof BodyOf<O>]>;
/** A list's row: the element of its array, or of its page's `items`. */
type ListRowOf<O> = ResponseOf<O> extends { items: (infer X)[] } ? X : ResponseOf<O> extends (infer X)[] ? X : never;

/**
 * The service an entity's operations are served by, typed by its contract: each handler takes what
 * zod hands on (the query, the body's fields and items) and answers what the response schema
 * writes, so a service that disagrees with its operation does not compile. The handlers are
 * function properties, not methods, so their parameters are checked strictly: a service may accept
 * more than the contract sends, never require what it does not send or read a field as another
 * type. A list may answer an array or a page of the contract's rows (the kit's `paged` decides).
 * Which of `create` and `createPublic` is served depends on the create's access, a value, so each
 * is checked when the service has it, and its presence when routed (as every handler's at startup).
 */
export type CrudServiceOf<Ops extends CrudOperationSet> = (Ops extends { list: infer O extends Operation }
  ? { list: (auth: AuthContext, query: QueryOf<O>) => Promise<ListRowOf<O>[] | { items: ListRowOf<O>[]; total: number }> }
  : unknown) &
  (Ops extends { get: infer O extends Operation } ? { get: (auth: AuthContext, id: string) => Promise<ResponseOf<O>> } : unknown) &
  (Ops extends { create: infer O extends Operation }
    ? {
        create?: (auth: AuthContext, input: FieldsOf<O, Ops>, items?: ItemsOf<O, Ops>) => Promise<ResponseOf<O>>;
        createPublic?: (request: { ip: string }, input: FieldsOf<O, Ops>, items?: ItemsOf<O, Ops>) => Promise<ResponseOf<O>>;
      }
    : unknown) &
  (Ops extends { update: infer O extends Operation }
    ? { update: (auth: AuthContext, id: string, input: FieldsOf<O, Ops>, items?: ItemsOf<O, Ops>) => Promise<ResponseOf<O>> }
    : unknown) &
  (Ops extends { remove: Operation } ? { remove: (auth: AuthContext, id: string) => Promise<void> } : unknown) &
  (Ops extends { archive: infer O extends Operation }
    ? { archive: (auth: AuthContext, id: string) => Promise<ResponseOf<O>>; restore: (auth: AuthContext, id: string) => Promise<ResponseOf<O>> }
    : unknown);

/**
 * Registers the routes of an entity's operations (those it has) on its service. The body's
 * fields and items are read under the keys the contract declares; a public create goes through
 * the service's public rule, every other operation through the session and permission guard.
 */
export function registerCrud<Ops extends CrudOperationSet>(r: Router, ops: Ops, typed: CrudServiceOf<Ops>): void {
  // Checked against the contract at the call; from here on the routes only pass values through.
  const service = typed as CrudHandlers;
  const fields = (body: unknown) => (body as Record<string, unknown>)[ops.body.data];
  const items = (body: unknown) => (ops.body.items ? ((body as Record<string, unknown>)[ops.body.items] as unknown[] | undefined) : undefined);
  const missing = (name: string) =>
    new Error(`the service registered for ${(ops.list ?? ops.get ?? ops.create ?? ops.update ?? ops.remove ?? ops.archive)?.path} has no ${name}`);
  type Answer = ResponseOf<Operation>;
  const { list, get, create, update, remove, archive, restore } = ops;
  if (list) {
    if (!service.list) throw missing('list');
    r.route(list, ({ auth, query }) => service.list!(auth, query as QueryOf<Operation>) as Promise<Answer>);
  }
  if (get) {
    if (!service.get) throw missing('get');
    r.route(get, ({ auth, params }) => service.get!(auth, (params as { id: string }).id) as Promise<Answer>);
  }
  if (create) {
    if (create.access.kind === 'public') {
      if (!service.createPublic) throw missing('public create');
      r.publicRoute(create, ({ req, body }) => service.createPublic!({ ip: req.ip }, fields(body), items(body)) as Promise<Answer>);
    } else {
      if (!service.create) throw missing('create');
      r.route(create, ({ auth, body }) => service.create!(auth, fields(body), items(body)) as Promise<Answer>);
    }
  }
  if (update) {
    if (!service.update) throw missing('update');
    r.route(update, ({ auth, params, body }) => service.update!(auth, (params as { id: string }).id, fields(body), items(body)) as Promise<Answer>);
  }
  if (remove) {
    if (!service.remove) throw missing('remove');
    r.route(remove, async ({ auth, params }) => {
      await service.remove!(auth, (params as { id: string }).id);
      return { ok: true as const } as Answer;
    });
  }
  if (archive && restore) {
    if (!service.archive || !service.restore) throw missing('archive and restore');
    r.route(archive, ({ auth, params }) => service.archive!(auth, (params as { id: string }).id) as Promise<Answer>);
    r.route(restore, ({ auth, params }) => service.restore!(auth, (params as { id: string }).id) as Promise<Answer>);
  }
}
