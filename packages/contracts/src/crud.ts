import { z } from 'zod';
import { operation, type Access, type Operation } from './operation.js';
import { IdParams, OkResponse, page } from './rules.js';

/**
 * The operations of one entity, declared once: server routes, web hooks and forms read them.
 * An entity names only the operations it has; each becomes
 *   list   GET    path          query; answers an array, or `{items, total}` when paged
 *   get    GET    path/{id}
 *   create POST   path          body `{data}` (or `{[wrapper]}`), plus `{[items.key]: [...]}` for header + items
 *   update POST   path/{id}     the same body, every field optional; items, when sent, replace the old
 *   remove DELETE path/{id}     answers {ok: true}; `remove.access` may ask more than `write` (deleting for good)
 *   archive POST  path/{id}/archive and path/{id}/restore: answer the entity (docs/decisions/0059)
 * `create.access` may be `publicAccess` (a form anyone may send; the server resolves the account).
 */
export interface CrudConfig {
  path: string;
  tag: string;
  /** singular noun for the summaries, e.g. 'prescription' */
  noun: string;
  entity: z.ZodType;
  read: Access;
  write: Access;
  list?: { query: z.ZodType; paged?: boolean; /** the list's row, when it differs from the entity */ item?: z.ZodType; summary?: string };
  get?: { item?: z.ZodType; summary?: string };
  create?: { input: z.ZodType; access?: Access; summary?: string };
  update?: { input: z.ZodType; summary?: string };
  /** `access`: who may delete for good, when that asks more than `write` (a clinical record: records.delete) */
  remove?: { summary?: string; access?: Access };
  /** archive and restore (the table has `archivedAt`); they need only `write` */
  archive?: Record<string, never>;
  /** the body's key for the fields, 'data' unless said (e.g. 'documentTemplateData') */
  wrapper?: string;
  /** child rows sent beside the header, e.g. { key: 'invoiceItems', input: InvoiceItemInput } */
  items?: { key: string; input: z.ZodType; max?: number };
}

type WrapperOf<C> = C extends { wrapper: infer K extends string } ? K : 'data';
type ItemsKeyOf<C> = C extends { items: { key: infer K extends string } } ? K : never;
type ItemOf<C> = C extends { items: { input: infer I extends z.ZodType } } ? I : never;
/** `{data: S}`, or `{headerKey: S, itemsKey: I[]}` (optional on an update). */
type Body<C, S extends z.ZodType, ItemsOptional extends boolean> = z.ZodObject<{
  [P in WrapperOf<C> | ItemsKeyOf<C>]: P extends ItemsKeyOf<C>
    ? ItemsOptional extends true
      ? z.ZodOptional<z.ZodArray<ItemOf<C>>>
      : z.ZodArray<ItemOf<C>>
    : S;
}>;
type EntityOf<C> = C extends { entity: infer E extends z.ZodType } ? E : never;
type RowOf<C, K extends 'list' | 'get'> = C extends { [P in K]: { item: infer I extends z.ZodType } } ? I : EntityOf<C>;
type ListAnswer<C> = C extends { list: { paged: true } } ? ReturnType<typeof page<RowOf<C, 'list'>>> : z.ZodArray<RowOf<C, 'list'>>;
type U = z.ZodUndefined;

export type CrudOpsOf<C> = (C extends { list: { query: infer Q extends z.ZodType } } ? { list: Operation<U, Q, U, ListAnswer<C>> } : unknown) &
  (C extends { get: object } ? { get: Operation<typeof IdParams, U, U, RowOf<C, 'get'>> } : unknown) &
  (C extends { create: { input: infer I extends z.ZodType } } ? { create: Operation<U, U, Body<C, I, false>, EntityOf<C>> } : unknown) &
  (C extends { update: { input: infer I extends z.ZodType } } ? { update: Operation<typeof IdParams, U, Body<C, I, true>, EntityOf<C>> } : unknown) &
  (C extends { remove: object } ? { remove: Operation<typeof IdParams, U, U, typeof OkResponse> } : unknown) &
  (C extends { archive: object }
    ? { archive: Operation<typeof IdParams, U, U, EntityOf<C>>; restore: Operation<typeof IdParams, U, U, EntityOf<C>> }
    : unknown) & {
    /** where the body keeps the fields and the child rows */
    body: { data: WrapperOf<C>; items: ItemsKeyOf<C> | undefined };
  };

export function crudOperations<const C extends CrudConfig>(cfg: C): CrudOpsOf<C> {
  const dataKey = cfg.wrapper ?? 'data';
  const itemsKey = cfg.items?.key;
  const items = cfg.items ? z.array(cfg.items.input).max(cfg.items.max ?? 500, `must have at most ${cfg.items.max ?? 500} items`) : undefined;
  const body = (input: z.ZodType, partial: boolean) =>
    z.object({ [dataKey]: input, ...(itemsKey && items ? { [itemsKey]: partial ? items.optional() : items } : {}) });
  const base = { tag: cfg.tag };
  const ops: Record<string, unknown> = { body: { data: dataKey, items: itemsKey } };
  if (cfg.list) {
    const row = cfg.list.item ?? cfg.entity;
    ops.list = operation({
      ...base,
      method: 'GET',
      path: cfg.path,
      access: cfg.read,
      summary: cfg.list.summary ?? (cfg.list.paged ? `A page of ${cfg.noun}s with how many there are` : `List ${cfg.noun}s`),
      query: cfg.list.query,
      response: cfg.list.paged ? page(row) : z.array(row),
    });
  }
  if (cfg.get)
    ops.get = operation({
      ...base,
      method: 'GET',
      path: `${cfg.path}/{id}`,
      access: cfg.read,
      summary: cfg.get.summary ?? `One ${cfg.noun}`,
      params: IdParams,
      response: cfg.get.item ?? cfg.entity,
    });
  if (cfg.create)
    ops.create = operation({
      ...base,
      method: 'POST',
      path: cfg.path,
      access: cfg.create.access ?? cfg.write,
      summary: cfg.create.summary ?? `Create a ${cfg.noun}`,
      body: body(cfg.create.input, false),
      response: cfg.entity,
      status: 201,
    });
  if (cfg.update)
    ops.update = operation({
      ...base,
      method: 'POST',
      path: `${cfg.path}/{id}`,
      access: cfg.write,
      summary: cfg.update.summary ?? `Update a ${cfg.noun}`,
      params: IdParams,
      body: body(cfg.update.input, true),
      response: cfg.entity,
    });
  if (cfg.remove)
    ops.remove = operation({
      ...base,
      method: 'DELETE',
      path: `${cfg.path}/{id}`,
      access: cfg.remove.access ?? cfg.write,
      summary: cfg.remove.summary ?? `Delete a ${cfg.noun}`,
      params: IdParams,
      response: OkResponse,
    });
  if (cfg.archive) {
    ops.archive = operation({
      ...base,
      method: 'POST',
      path: `${cfg.path}/{id}/archive`,
      access: cfg.write,
      summary: `Archive a ${cfg.noun}: hidden from lists, search and pickers, kept with their history`,
      params: IdParams,
      response: cfg.entity,
    });
    ops.restore = operation({
      ...base,
      method: 'POST',
      path: `${cfg.path}/{id}/restore`,
      access: cfg.write,
      summary: `Restore an archived ${cfg.noun}`,
      params: IdParams,
      response: cfg.entity,
    });
  }
  return ops as CrudOpsOf<C>;
}

/** What any entity's operations look like to code that serves or calls them generically. */
export interface CrudOperationSet {
  list?: Operation;
  get?: Operation;
  create?: Operation;
  update?: Operation;
  remove?: Operation;
  archive?: Operation;
  restore?: Operation;
  body: { data: string; items: string | undefined };
}
