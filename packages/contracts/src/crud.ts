import { z } from 'zod';
import { operation, type Access } from './operation.js';
import { IdParams, OkResponse, wrapped } from './rules.js';

/**
 * The four operations every "list with create, update and delete" entity shares:
 * GET path (list), POST path (create), POST path/{id} (update), DELETE path/{id}.
 */
export function crudOperations<E extends z.ZodType, C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType>(cfg: {
  path: string;
  tag: string;
  /** singular noun for the summaries, e.g. 'prescription' */
  noun: string;
  entity: E;
  create: C;
  update: U;
  listQuery: Q;
  read: Access;
  write: Access;
}) {
  return {
    list: operation({
      method: 'GET',
      path: cfg.path,
      access: cfg.read,
      tag: cfg.tag,
      summary: `List ${cfg.noun}s`,
      query: cfg.listQuery,
      response: z.array(cfg.entity),
    }),
    create: operation({
      method: 'POST',
      path: cfg.path,
      access: cfg.write,
      tag: cfg.tag,
      summary: `Create a ${cfg.noun}`,
      body: wrapped(cfg.create),
      response: cfg.entity,
      status: 201,
    }),
    update: operation({
      method: 'POST',
      path: `${cfg.path}/{id}`,
      access: cfg.write,
      tag: cfg.tag,
      summary: `Update a ${cfg.noun}`,
      params: IdParams,
      body: wrapped(cfg.update),
      response: cfg.entity,
    }),
    remove: operation({
      method: 'DELETE',
      path: `${cfg.path}/{id}`,
      access: cfg.write,
      tag: cfg.tag,
      summary: `Delete a ${cfg.noun}`,
      params: IdParams,
      response: OkResponse,
    }),
  };
}
export type CrudOperations = ReturnType<typeof crudOperations>;
