import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseMutationResult, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { Operation, OpBody, OpQuery, OpResponse } from '@willow/contracts';
import { api } from './http-client';
import { mutationOf } from './mutation-of';
import type { Target } from './mutation-of';

/** Any operation, whatever its schemas. */
type AnyOperation = Operation<any, any, any, any>;

/**
 * An entity's operations as `crudOperations(...)` makes them (GET path, POST path, POST path/{id},
 * DELETE path/{id}); an entity without some of them passes only those it has.
 */
export interface CrudOps {
  list?: AnyOperation;
  get?: AnyOperation;
  create?: AnyOperation;
  update?: AnyOperation;
  remove?: AnyOperation;
  /** archive and restore, together (an entity kept with its history rather than deleted) */
  archive?: AnyOperation;
  restore?: AnyOperation;
  /** where the body keeps the fields and the items (`crudOperations` says); `{data}` when absent */
  body?: { data: string; items: string | undefined };
}

type DataOf<B> = B extends { data: infer D } ? D : never;
/** A plain `{data}` body: its hooks take the data alone; others (a named wrapper, items) take the whole body. */
type Plain<O> = O extends { body: { data: infer K; items: infer I } } ? ('data' extends K ? (undefined extends I ? true : false) : false) : true;
type VariablesOf<O, B> = Plain<O> extends true ? DataOf<B> : B;
/** What the list operation is asked with (its query schema's input). */
export type ListQuery<O> = O extends { list: infer L } ? OpQuery<L> : never;
/** What the list operation answers. */
export type ListAnswer<O> = O extends { list: infer L } ? OpResponse<L> : never;
/** The `data` of the create body (the whole body for a named wrapper or items). */
export type CreateInput<O> = O extends { create: infer C } ? VariablesOf<O, OpBody<C>> : never;
/** The `data` of the update body (the whole body for a named wrapper or items). */
export type UpdateInput<O> = O extends { update: infer U } ? VariablesOf<O, OpBody<U>> : never;
/** What a paged list answers: one page and how many there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
}
type AnswerOf<O, K extends keyof CrudOps> = O extends { [P in K]: infer X } ? OpResponse<X> : never;

/**
 * An entity's query keys: `all` is the root every key of it starts with (what a change
 * invalidates); `list` the key of one list query, `[...all, 'list', query]` unless given.
 */
export interface CrudKeys<Q = never> {
  all: QueryKey;
  list?: (query: Q) => QueryKey;
  /** the key of one record (`get`), `[...all, 'one', id]` unless given */
  one?: (id: string) => QueryKey;
}

export interface CrudHooksConfig<O extends CrudOps> {
  ops: O;
  keys: CrudKeys<ListQuery<O>>;
  /**
   * Exactly what each of its changes (create, update, remove, archive, restore) makes stale on
   * success: the entity's own `keys.all` unless given; a declaration names it first, then the
   * other groups that show the entity (e.g. the history: auditKeys.all).
   */
  invalidates?: readonly Target[];
  /** the mutation settles only once the refreshed queries have (e.g. the calendar); off: it settles at once */
  awaitInvalidation?: boolean;
}

/** Query options a list may add (enabled, placeholderData, select, …); key and fetch are the factory's. */
export type ListOptions<O, TData = ListAnswer<O>> = Omit<UseQueryOptions<ListAnswer<O>, Error, TData>, 'queryKey' | 'queryFn'>;

export type CrudHooks<O extends CrudOps> = {
  keys: { all: QueryKey; list: (query: ListQuery<O>) => QueryKey };
  /** what its changes invalidate, for the feature's other operations of the entity to name (with mutationOf) */
  invalidates: readonly Target[];
} & (O extends { list: AnyOperation }
  ? { useList: <TData = ListAnswer<O>>(query: ListQuery<O>, options?: ListOptions<O, TData>) => UseQueryResult<TData, Error> }
  : unknown) &
  (O extends { get: AnyOperation }
    ? { useGet: (id: string | undefined) => UseQueryResult<AnswerOf<O, 'get'>, Error>; keys: { one: (id: string) => QueryKey } }
    : unknown) &
  (O extends { create: AnyOperation } ? { useCreate: () => UseMutationResult<AnswerOf<O, 'create'>, Error, CreateInput<O>> } : unknown) &
  (O extends { update: AnyOperation }
    ? { useUpdate: () => UseMutationResult<AnswerOf<O, 'update'>, Error, { id: string; data: UpdateInput<O> }> }
    : unknown) &
  (O extends { remove: AnyOperation } ? { useRemove: () => UseMutationResult<AnswerOf<O, 'remove'>, Error, string> } : unknown) &
  (O extends { archive: AnyOperation; restore: AnyOperation }
    ? {
        useArchive: () => UseMutationResult<AnswerOf<O, 'archive'>, Error, string>;
        useRestore: () => UseMutationResult<AnswerOf<O, 'restore'>, Error, string>;
      }
    : unknown);

/**
 * The TanStack Query hooks of one entity, typed from its contract operations: `useList(query,
 * options?)` under `keys.list(query)`; `useCreate()` (variables: the body's data), `useUpdate()`
 * ({ id, data }), `useRemove()`, `useArchive()` and `useRestore()` (the id), each a `mutationOf` its
 * operation invalidating `invalidates` on success. Only the hooks of the operations given are made.
 *
 *   export const { useList: usePrescriptions, useCreate: useCreatePrescription, … } =
 *     crudHooks({ ops: prescriptionOps, keys: prescriptionKeys, invalidates: [prescriptionKeys.all, auditKeys.all] });
 */
export function crudHooks<O extends CrudOps>(config: CrudHooksConfig<O>): CrudHooks<O> {
  const { ops, awaitInvalidation = false } = config;
  const all = config.keys.all;
  const invalidates = config.invalidates ?? [all];
  const listKey = config.keys.list ?? ((query: ListQuery<O>): QueryKey => [...all, 'list', query]);
  const oneKey = config.keys.one ?? ((id: string): QueryKey => [...all, 'one', id]);
  // The data alone goes under `data`; a body with a named wrapper or items is sent as it is.
  const plain = !ops.body || (ops.body.data === 'data' && !ops.body.items);
  const bodyOf = (variables: unknown) => (plain ? { data: variables } : variables);
  const change = { invalidates, awaitInvalidation };

  const hooks: Record<string, unknown> = { keys: { all, list: listKey, one: oneKey }, invalidates };
  const { list, get, create, update, remove, archive, restore } = ops;
  if (list)
    hooks.useList = (query: ListQuery<O>, options?: ListOptions<O, unknown>) =>
      useQuery({ ...options, queryKey: listKey(query), queryFn: ({ signal }) => api(list, { query, signal }) });
  if (get)
    hooks.useGet = (id: string | undefined) =>
      useQuery({ queryKey: oneKey(id ?? ''), queryFn: ({ signal }) => api(get, { params: { id: id! }, signal }), enabled: Boolean(id) });
  if (create) hooks.useCreate = mutationOf(create, { ...change, request: (data: unknown) => ({ body: bodyOf(data) }) });
  if (update) hooks.useUpdate = mutationOf(update, { ...change, request: ({ id, data }: { id: string; data: unknown }) => ({ params: { id }, body: bodyOf(data) }) });
  if (remove) hooks.useRemove = mutationOf(remove, { ...change, request: (id: string) => ({ params: { id } }) });
  if (archive && restore) {
    hooks.useArchive = mutationOf(archive, { ...change, request: (id: string) => ({ params: { id } }) });
    hooks.useRestore = mutationOf(restore, { ...change, request: (id: string) => ({ params: { id } }) });
  }
  return hooks as CrudHooks<O>;
}
