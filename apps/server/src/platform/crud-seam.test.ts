// The CRUD kit's seam, typed by the contract: registerCrud(r, ops, service) compiles only with a
// service that takes what the operations' schemas hand on and answers what they write. The
// `@ts-expect-error` lines are the proof (`npm run typecheck` fails when one of them compiles);
// the test below only checks that an agreeing service gets its routes.
import { authenticated, crudOperations, publicAccess, type Operation } from '@willow/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './access.js';
import { registerCrud } from './crud.js';
import type { Router } from './router.js';

const Pet = z.object({ id: z.string(), name: z.string(), weightGrams: z.number().int() });
const PetInput = z.object({ name: z.string(), weightGrams: z.number().int(), neutered: z.boolean().default(false) });
const PetQuery = z.object({ name: z.string().optional() });
const petOps = crudOperations({
  path: '/api/pet',
  tag: 'pets',
  noun: 'pet',
  entity: Pet,
  read: authenticated,
  write: authenticated,
  list: { query: PetQuery },
  get: {},
  create: { input: PetInput },
  update: { input: PetInput.partial() },
  remove: {},
  archive: {},
});

const Visit = z.object({ id: z.string(), lines: z.array(z.object({ text: z.string() })) });
const visitOps = crudOperations({
  path: '/api/visit',
  tag: 'visits',
  noun: 'visit',
  entity: Visit,
  read: authenticated,
  write: authenticated,
  create: { input: z.object({ note: z.string() }), access: publicAccess },
  items: { key: 'visitLines', input: z.object({ text: z.string() }) },
});

type PetAnswer = z.output<typeof Pet>;
type PetFields = z.output<typeof PetInput>;
const pet = (id: string, fields: Partial<PetFields> = {}): PetAnswer => ({ id, name: fields.name ?? 'Rex', weightGrams: fields.weightGrams ?? 1 });

/** Agrees with petOps: the kit's TenantCrudService has these signatures. */
class PetService {
  async list(_auth: AuthContext, query: z.output<typeof PetQuery>): Promise<PetAnswer[]> {
    return [pet('1', { name: query.name ?? 'Rex' })];
  }
  async get(_scope: { accountId: string }, id: string): Promise<PetAnswer> {
    return pet(id);
  }
  async create(_auth: AuthContext, input: PetFields, _items?: never[]): Promise<PetAnswer> {
    return pet('1', input);
  }
  async update(_auth: AuthContext, id: string, input: Partial<PetFields>): Promise<PetAnswer> {
    return pet(id, input);
  }
  async remove(_auth: AuthContext, _id: string): Promise<void> {}
  async archive(_auth: AuthContext, id: string): Promise<PetAnswer> {
    return pet(id);
  }
  async restore(_auth: AuthContext, id: string): Promise<PetAnswer> {
    return pet(id);
  }
}

/** PetService with one method of another signature (an intersection would keep both, and either would do). */
function petServiceWith<K extends keyof PetService, M>(key: K, method: M): Omit<PetService, K> & { [P in K]: M } {
  return Object.assign(new PetService(), { [key]: method }) as never;
}

/** Never called: what compiles, and what must not. */
export function seams(r: Router) {
  registerCrud(r, petOps, new PetService());

  // @ts-expect-error create takes a field PetInput does not send
  registerCrud(r, petOps, petServiceWith('create', async (_auth: AuthContext, input: PetFields & { ownerId: string }) => pet(input.ownerId, input)));

  // @ts-expect-error create reads weightGrams as text, PetInput sends a number
  registerCrud(r, petOps, petServiceWith('create', async (_auth: AuthContext, input: { name: string; weightGrams: string }) => pet(input.name)));

  // @ts-expect-error create answers without weightGrams
  registerCrud(r, petOps, petServiceWith('create', async (_auth: AuthContext, input: PetFields) => ({ id: '1', name: input.name })));

  // @ts-expect-error update needs every field, the contract's are optional
  registerCrud(r, petOps, petServiceWith('update', async (_auth: AuthContext, id: string, input: PetFields) => pet(id, input)));

  // @ts-expect-error update answers a name, not the pet
  registerCrud(r, petOps, petServiceWith('update', async (_auth: AuthContext, _id: string) => 'Rex'));

  // @ts-expect-error the list answers names, not pets
  registerCrud(r, petOps, petServiceWith('list', async (_auth: AuthContext, _query: unknown) => ['Rex']));

  // @ts-expect-error the list needs a filter PetQuery has not
  registerCrud(r, petOps, petServiceWith('list', async (_auth: AuthContext, query: { ownerId: string }) => [pet(query.ownerId)]));

  // @ts-expect-error archive answers nothing, the contract the pet
  registerCrud(r, petOps, petServiceWith('archive', async (_auth: AuthContext, _id: string) => undefined));

  const withoutUpdate: Omit<PetService, 'update'> = new PetService();
  // @ts-expect-error petOps has an update, the service none
  registerCrud(r, petOps, withoutUpdate);

  // a public create with items: the items are checked too
  const visits = {
    createPublic: async (_request: { ip: string }, input: { note: string }, items?: { text: string }[]) => ({ id: input.note, lines: items ?? [] }),
  };
  registerCrud(r, visitOps, visits);
  const numberedLines = {
    createPublic: async (_request: { ip: string }, input: { note: string }, items?: { text: string; position: number }[]) => ({
      id: input.note,
      lines: items ?? [],
    }),
  };
  // @ts-expect-error the items have no position
  registerCrud(r, visitOps, numberedLines);
}

describe('registerCrud', () => {
  it('routes each operation the contract has to the service', () => {
    const routed: string[] = [];
    const record = (op: Operation) => routed.push(`${op.method} ${op.path}`);
    const r = { route: record, publicRoute: record } as unknown as Router;
    registerCrud(r, petOps, new PetService());
    expect(routed).toEqual([
      'GET /api/pet',
      'GET /api/pet/{id}',
      'POST /api/pet',
      'POST /api/pet/{id}',
      'DELETE /api/pet/{id}',
      'POST /api/pet/{id}/archive',
      'POST /api/pet/{id}/restore',
    ]);
  });
});
