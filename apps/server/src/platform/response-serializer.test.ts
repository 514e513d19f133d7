import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.js';

const Owner = z.object({ id: z.string(), name: z.string() });
const Pet = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number().nullable(),
  owner: Owner.nullable(),
  tags: z.array(z.object({ label: z.string() })),
  kind: z.union([z.object({ type: z.literal('dog'), breed: z.string() }), z.object({ type: z.literal('cat') })]),
  extra: z.record(z.string(), z.string()),
  note: z.string().optional(),
});
const Answer = z.object({ items: z.array(Pet), total: z.number().int() });

/** A row as a repository reads it: more columns than the answer declares. */
const row = {
  id: 'p1',
  name: 'Rex',
  weight: 12.5,
  passwordHash: 'argon2id$secret',
  owner: { id: 'o1', name: 'Ann', searchText: 'ann ann@example.com', accountId: 'acc' },
  tags: [{ label: 'big', internal: 'x' }],
  kind: { type: 'dog', breed: 'Collie', sealed: 'secret' },
  extra: { colour: 'brown' },
};
const declared = {
  id: 'p1',
  name: 'Rex',
  weight: 12.5,
  owner: { id: 'o1', name: 'Ann' },
  tags: [{ label: 'big' }],
  kind: { type: 'dog', breed: 'Collie' },
  extra: { colour: 'brown' },
};

async function serve(answer: unknown, check: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/pets', { schema: { response: { 200: Answer } } }, async () => answer);
  const res = await app.inject({ url: '/pets' });
  await app.close();
  return res;
}

describe('the compiled response serializer', () => {
  for (const check of [false, true]) {
    describe(check ? 'checked by zod (the tests)' : 'as in production', () => {
      it('writes only the properties the schema declares, at every depth', async () => {
        const res = await serve({ items: [row], total: 1, debug: { sql: 'select *' } }, check);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ items: [declared], total: 1 });
        for (const secret of ['passwordHash', 'argon2id', 'searchText', 'accountId', 'internal', 'sealed', 'debug', 'select']) {
          expect(res.body).not.toContain(secret);
        }
      });

      it('writes a null for a nullable object and leaves out an optional property that is absent', async () => {
        const res = await serve({ items: [{ ...row, owner: null, weight: null }], total: 1 }, check);
        expect(res.json()).toEqual({ items: [{ ...declared, owner: null, weight: null }], total: 1 });
        expect(Object.keys(res.json().items[0])).not.toContain('note');
      });

      it('refuses an answer missing a required property: a 500, nothing of it sent', async () => {
        const { name: _name, ...nameless } = row;
        const res = await serve({ items: [nameless], total: 1 }, check);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('Rex');
      });

      it('refuses a value of another type: an object where a string is declared never goes out', async () => {
        const res = await serve({ items: [{ ...row, name: { first: 'Rex', passwordHash: 'argon2id$secret' } }], total: 1 }, check);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toContain('argon2id');
        expect((await serve({ items: [{ ...row, weight: '12.5' }], total: 1 }, check)).statusCode).toBe(500);
        expect((await serve({ items: [{ ...row, kind: { type: 'horse' } }], total: 1 }, check)).statusCode).toBe(500);
      });

      it('leaves a record’s __proto__ key out, as zod does, and the rest of its keys in', async () => {
        for (const extra of ['{"__proto__": {"polluted": "yes"}, "colour": "brown"}', '{"__proto__": "x", "colour": "brown"}']) {
          const res = await serve({ items: [{ ...row, extra: JSON.parse(extra) as Record<string, string> }], total: 1 }, check);
          expect(res.json().items[0].extra).toEqual({ colour: 'brown' });
          expect(res.body).not.toContain('__proto__');
          expect(({} as { polluted?: string }).polluted).toBeUndefined();
        }
      });
    });
  }

  it('names the property a refused answer went wrong at', () => {
    const write = responseSerializerCompiler()({ schema: Answer, method: 'GET', url: '/pets', httpStatus: '200' }) as (data: unknown) => string;
    expect(() => write({ items: [row, { ...row, owner: { id: 'o2', name: 7 } }], total: 2 })).toThrow(/items\.1\.owner\.name: must be a string/);
  });

  it('writes declared keys whatever their spelling, and leaves a declared __proto__ out as zod does', () => {
    const Odd = z.object({ 'a"b': z.string(), 'c\\d': z.string(), ['__proto__']: z.string(), 'x`${y}': z.string() });
    const value = JSON.parse('{"a\\"b": "1", "c\\\\d": "2", "__proto__": "3", "x`${y}": "4", "other": "5"}') as Record<string, string>;
    const write = responseSerializerCompiler({ check: true })({ schema: Odd, method: 'GET', url: '/odd', httpStatus: '200' }) as (data: unknown) => string;
    expect(JSON.parse(write(value))).toEqual(JSON.parse('{"a\\"b": "1", "c\\\\d": "2", "x`${y}": "4"}'));
  });

  it('writes the same text as zod followed by JSON.stringify', async () => {
    const answer = { items: [row, { ...row, id: 'p2', name: 'Tom "the cat" \u2028 \ud83d\udc08', kind: { type: 'cat' }, note: 'é' }], total: 2 };
    const res = await serve(answer, false);
    expect(res.body).toBe(JSON.stringify(z.encode(Answer, answer as z.output<typeof Answer>)));
  });
});
