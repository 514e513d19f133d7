// The one list/create/update/delete mechanism the simple tenant entities share: scoped by the
// session's account (through tenantRepository), written in a transaction with its audit entry.
import type { Operation } from '@willow/contracts';
import type { Db, Executor } from '../db/client.js';
import type { AuditService } from '../features/audit/audit.service.js';
import type { AuthContext } from './access.js';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound, REFERENCE_CHANGED } from './errors.js';
import type { BodyOf, QueryOf, ResponseOf, Router } from './router.js';
import type { ListOptions, NewRow, Row, RowPatch, Scope, TenantRepository, TenantTable } from './tenant-repository.js';

export interface CrudOps {
  list: Operation;
  create: Operation;
  update: Operation;
  remove: Operation;
}
type DataOf<O> = BodyOf<O> extends { data: infer D } ? D : never;

export interface CrudHandlers<Ops extends CrudOps> {
  list(auth: AuthContext, query: QueryOf<Ops['list']>): Promise<ResponseOf<Ops['list']>>;
  create(auth: AuthContext, input: DataOf<Ops['create']>): Promise<ResponseOf<Ops['create']>>;
  update(auth: AuthContext, id: string, input: DataOf<Ops['update']>): Promise<ResponseOf<Ops['update']>>;
  remove(auth: AuthContext, id: string): Promise<void>;
}

export function registerCrud<Ops extends CrudOps>(r: Router, ops: Ops, handlers: CrudHandlers<Ops>): void {
  r.route(ops.list, ({ auth, query }) => handlers.list(auth, query as QueryOf<Ops['list']>));
  r.route(ops.create, ({ auth, body }) => handlers.create(auth, (body as { data: DataOf<Ops['create']> }).data));
  r.route(ops.update, ({ auth, params, body }) =>
    handlers.update(auth, (params as { id: string }).id, (body as { data: DataOf<Ops['update']> }).data),
  );
  r.route(ops.remove, async ({ auth, params }) => {
    await handlers.remove(auth, (params as { id: string }).id);
    return { ok: true as const } as ResponseOf<Ops['remove']>;
  });
}

export interface CrudDefinition<T extends TenantTable, E, C, U, Q> {
  /** the name history is kept under, e.g. 'prescription' */
  entityType: string;
  repository: TenantRepository<T>;
  /** rows to answers; batch-loads whatever names the answer shows */
  toEntities(ex: Executor, scope: Scope, rows: Row<T>[]): Promise<E[]>;
  listOptions(query: Q): ListOptions;
  /** checks references (each looked up in the scope) and builds the row */
  prepareCreate(ex: Executor, scope: Scope, input: C): Promise<NewRow<T>>;
  preparePatch(ex: Executor, scope: Scope, input: U, existing: Row<T>): Promise<RowPatch<T>>;
  /** follow-up writes in the same transaction (e.g. records that follow a moved client) */
  afterUpdate?(ex: Executor, scope: Scope, before: Row<T>, after: Row<T>): Promise<void>;
  /** refusals (409) and follow-up writes of a delete, in its transaction, before the row goes */
  beforeRemove?(ex: Executor, scope: Scope, existing: Row<T>): Promise<void>;
  /** unique constraint name → the message a clash answers (409) */
  uniqueMessages?: Record<string, string>;
  /**
   * foreign key constraint name → the message (409) when it stops a write: a referenced row
   * deleted, or (on delete) a referring row added, while this write ran. Others answer REFERENCE_CHANGED.
   */
  foreignKeyMessages?: Record<string, string>;
}

export class TenantCrudService<T extends TenantTable, E, C, U, Q> {
  constructor(
    protected readonly db: Db,
    protected readonly audit: AuditService,
    protected readonly def: CrudDefinition<T, E, C, U, Q>,
  ) {}

  async list(auth: AuthContext, query: Q): Promise<E[]> {
    const rows = await this.def.repository.list(this.db, auth, this.def.listOptions(query));
    return this.def.toEntities(this.db, auth, rows);
  }

  async get(scope: Scope, id: string, ex: Executor = this.db): Promise<E> {
    const row = await this.def.repository.findById(ex, scope, id);
    if (!row) throw notFound();
    return (await this.def.toEntities(ex, scope, [row]))[0]!;
  }

  async create(auth: AuthContext, input: C): Promise<E> {
    return this.write(async (tx) => {
      const row = await this.def.repository.insert(tx, auth, await this.def.prepareCreate(tx, auth, input));
      await this.audit.record(tx, auth, [{ entityType: this.def.entityType, entityId: idOf(row), action: 'create', after: row }]);
      return (await this.def.toEntities(tx, auth, [row]))[0]!;
    });
  }

  async update(auth: AuthContext, id: string, input: U): Promise<E> {
    return this.applyPatch(auth, id, (tx, existing) => this.def.preparePatch(tx, auth, input, existing));
  }

  /** Changes a row (404 if not in scope) with its hooks and audit entry, in one transaction. */
  protected async applyPatch(auth: AuthContext, id: string, build: (tx: Executor, existing: Row<T>) => Promise<RowPatch<T>>): Promise<E> {
    return this.write(async (tx) => {
      // Locked until the transaction ends: two updates of one row are checked one after the other.
      const existing = await this.def.repository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      const row = await this.def.repository.update(tx, auth, id, await build(tx, existing));
      if (!row) throw notFound();
      await this.def.afterUpdate?.(tx, auth, existing, row);
      await this.audit.record(tx, auth, [{ entityType: this.def.entityType, entityId: id, action: 'update', before: existing, after: row }]);
      return (await this.def.toEntities(tx, auth, [row]))[0]!;
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.write(async (tx) => {
      const existing = await this.def.repository.findById(tx, auth, id, { lock: 'update' });
      if (!existing) throw notFound();
      await this.def.beforeRemove?.(tx, auth, existing);
      if (!(await this.def.repository.remove(tx, auth, id))) throw notFound();
      await this.audit.record(tx, auth, [{ entityType: this.def.entityType, entityId: id, action: 'delete', before: existing }]);
    });
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
