import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvalidateQueryFilters, QueryClient, QueryKey, UseMutationResult } from '@tanstack/react-query';
import type { Operation, OpResponse } from '@willow/contracts';
import { api } from './http-client';
import type { ApiRequest } from './http-client';

/**
 * A group of cached queries a change makes stale: every query under a key, or invalidateQueries'
 * own filters where the key alone would take too much (a deleted record's own query left out).
 */
export type Target = QueryKey | InvalidateQueryFilters;

/**
 * One entry of what a change invalidates: a group named once for every call, or the groups one
 * call names from its variables, its answer and the hook's arguments (none, one or several).
 */
export type Invalidation<V, R, A extends readonly unknown[] = []> = Target | ((variables: V, result: R, ...args: A) => readonly Target[]);

/** What a mutation declares beside its call. */
export interface ChangeConfig<V, R, A extends readonly unknown[] = []> {
  /** exactly what a success makes stale (a failure changes nothing, so it refreshes nothing) */
  invalidates: readonly Invalidation<V, R, A>[];
  /** the answer written into the cache first (a record the server answered whole), before the groups are refreshed */
  onSuccess?: (result: R, variables: V, queryClient: QueryClient, ...args: A) => void;
  /** the mutation settles only once the refreshed queries on screen have come back (the calendar); off: at once */
  awaitInvalidation?: boolean;
}

/** A mutation hook; its arguments (a role's scope, the provider whose availability it is) are the hook's, the variables the call's. */
export type MutationHook<V, R, A extends readonly unknown[] = []> = (...args: A) => UseMutationResult<R, Error, V>;

/** Invalidates every target, in the order given; resolves when the active queries among them have been fetched again. */
export function invalidateAll(queryClient: QueryClient, targets: readonly Target[]): Promise<void> {
  return Promise.all(targets.map((target) => queryClient.invalidateQueries(Array.isArray(target) ? { queryKey: target } : (target as InvalidateQueryFilters)))).then(
    () => undefined,
  );
}

/** The targets one call names: the fixed groups and those its functions answer, in the order declared. */
export function targetsOf<V, R, A extends readonly unknown[]>(
  invalidates: readonly Invalidation<V, R, A>[],
  variables: V,
  result: R,
  args: A,
): Target[] {
  return invalidates.flatMap((entry) => (typeof entry === 'function' ? [...entry(variables, result, ...args)] : [entry]));
}

/**
 * A mutation hook made of its own function (several calls, an upload, one of a few operations),
 * invalidating exactly what `invalidates` declares once it succeeds.
 */
export function mutationWith<V, R, A extends readonly unknown[] = []>(
  mutationFn: (variables: V, ...args: A) => Promise<R>,
  config: ChangeConfig<V, R, A>,
): MutationHook<V, R, A> {
  const { invalidates, onSuccess, awaitInvalidation = false } = config;
  return (...args: A) => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (variables: V) => mutationFn(variables, ...args),
      onSuccess: (result: R, variables: V) => {
        onSuccess?.(result, variables, queryClient, ...args);
        const done = invalidateAll(queryClient, targetsOf(invalidates, variables, result, args));
        return awaitInvalidation ? done : undefined;
      },
    });
  };
}

/** What `mutationOf` is told: besides the change, the request one call sends, made from the call's variables (and the hook's arguments). */
export interface MutationOfConfig<O, V, A extends readonly unknown[]> extends ChangeConfig<V, OpResponse<O>, A> {
  /** the variables are the request itself when absent */
  request?: (variables: V, ...args: A) => ApiRequest<O>;
}

/**
 * The mutation hook of one operation of the contracts: it sends `request(variables)` with `api`
 * (params, query, body and headers typed by the operation's schemas) and answers the operation's
 * response; on success it invalidates exactly the `invalidates` declared here, nothing on failure.
 *
 *   export const useDeleteUser = mutationOf(deleteUser, {
 *     request: (id: string) => ({ params: { id } }),
 *     invalidates: [userKeys.all, auditKeys.all],
 *   });
 */
export function mutationOf<O extends Operation, V = ApiRequest<O>, A extends readonly unknown[] = []>(
  op: O,
  config: MutationOfConfig<O, V, A>,
): MutationHook<V, OpResponse<O>, A> {
  const request = config.request ?? ((variables: V) => variables as ApiRequest<O>);
  return mutationWith((variables: V, ...args: A) => api(op, request(variables, ...args)), config);
}

/**
 * Refreshes declared groups after something other than a mutation hook of this app changed them
 * (an upload with its own progress and cancel, several calls settled together): the function
 * resolves once the queries on screen among them have come back.
 */
export function useInvalidate(targets: readonly Target[]): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateAll(queryClient, targets), [queryClient, targets]);
}
