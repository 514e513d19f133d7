import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey, UseMutationResult, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { Operation, OpBody, OpQuery, OpResponse } from '@willow/contracts';
import { api } from './http-client';

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
  /** other groups a change refreshes too (e.g. the history: auditKeys.all), after the entity's own */
  alsoInvalidate?: readonly QueryKey[];
  /** the mutation settles only once the refreshed queries have (e.g. the calendar); off: it settles at once */
  awaitInvalidation?: boolean;
}

/** Query options a list may add (enabled, placeholderData, select, …); key and fetch are the factory's. */
export type ListOptions<O, TData = ListAnswer<O>> = Omit<UseQueryOptions<ListAnswer<O>, Error, TData>, 'queryKey' | 'queryFn'>;

export type CrudHooks<O extends CrudOps> = {
  keys: { all: QueryKey; list: (query: ListQuery<O>) => QueryKey };
  /** Refreshes the entity's queries and the `alsoInvalidate` groups, for a refresh outside its mutations. */
  useInvalidate: () => () => Promise<void>;
  /**
   * A mutation of the feature's own (a merge, an import) that refreshes like create, update and
   * remove do, and then the groups in `alsoInvalidate` (what this change alone touches).
   */
  useChange: <V, R>(mutationFn: (variables: V) => Promise<R>, alsoInvalidate?: readonly QueryKey[]) => UseMutationResult<R, Error, V>;
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
 * ({ id, data }), `useRemove()`, `useArchive()` and `useRestore()` (the id), each refreshing `keys.all` and then `alsoInvalidate`
 * on success. Only the hooks of the operations given are made.
 *
 *   export const { useList: usePrescriptions, useCreate: useCreatePrescription, … } =
 *     crudHooks({ ops: prescriptionOps, keys: prescriptionKeys, alsoInvalidate: [auditKeys.all] });
 */
export function crudHooks<O extends CrudOps>(config: CrudHooksConfig<O>): CrudHooks<O> {
  const { ops, alsoInvalidate = [], awaitInvalidation = false } = config;
  const all = config.keys.all;
  const listKey = config.keys.list ?? ((query: ListQuery<O>): QueryKey => [...all, 'list', query]);
  const oneKey = config.keys.one ?? ((id: string): QueryKey => [...all, 'one', id]);
  // The data alone goes under `data`; a body with a named wrapper or items is sent as it is.
  const plain = !ops.body || (ops.body.data === 'data' && !ops.body.items);
  const bodyOf = (variables: unknown) => (plain ? { data: variables } : variables);
  const groups = [all, ...alsoInvalidate];

  const invalidate = (queryClient: QueryClient, extra: readonly QueryKey[] = []) =>
    Promise.all([...groups, ...extra].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);

  function useInvalidate() {
    const queryClient = useQueryClient();
    return useCallback(() => invalidate(queryClient), [queryClient]);
  }

  function useChange<V, R>(mutationFn: (variables: V) => Promise<R>, extra?: readonly QueryKey[]) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSuccess: () => {
        const done = invalidate(queryClient, extra);
        return awaitInvalidation ? done : undefined;
      },
    });
  }

  const hooks: Record<string, unknown> = { keys: { all, list: listKey, one: oneKey }, useInvalidate, useChange };
  const { list, get, create, update, remove, archive, restore } = ops;
  if (list)
    hooks.useList = (query: ListQuery<O>, options?: ListOptions<O, unknown>) =>
      useQuery({ ...options, queryKey: listKey(query), queryFn: ({ signal }) => api(list, { query, signal }) });
  if (get)
    hooks.useGet = (id: string | undefined) =>
      useQuery({ queryKey: oneKey(id ?? ''), queryFn: ({ signal }) => api(get, { params: { id: id! }, signal }), enabled: Boolean(id) });
  if (create) hooks.useCreate = () => useChange((data: unknown) => api(create, { body: bodyOf(data) }));
  if (update)
    hooks.useUpdate = () => useChange(({ id, data }: { id: string; data: unknown }) => api(update, { params: { id }, body: bodyOf(data) }));
  if (remove) hooks.useRemove = () => useChange((id: string) => api(remove, { params: { id } }));
  if (archive && restore) {
    hooks.useArchive = () => useChange((id: string) => api(archive, { params: { id } }));
    hooks.useRestore = () => useChange((id: string) => api(restore, { params: { id } }));
  }
  return hooks as CrudHooks<O>;
}
