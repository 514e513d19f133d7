// QUERY_TEXTS (with COUNT_QUERIES): each API request appends the texts of the statements it ran to
// a file, one JSON line, so bench:hand-written can check its hand-written routes run the same SQL
// (decision 0230).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from './harness.js';

let ctx: TestContext;
let account: TestAccount;
const file = join(mkdtempSync(join(tmpdir(), 'willow-texts-')), 'statements.jsonl');

beforeAll(async () => {
  ctx = await createTestApp({ queryTexts: file });
  account = await createAccount(ctx);
});
afterAll(() => ctx?.close());

it("writes each request's statements, as many as x-query-count says, the page's own among them", async () => {
  const query = { locationId: account.locationId, limit: '50' };
  await account.admin.call(api.listClients, { query });
  const res = await account.admin.call(api.listClients, { query });
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { method: string; url: string; statements: string[] });
  const last = lines.at(-1)!;
  expect(last).toMatchObject({ method: 'GET', url: expect.stringContaining('/api/client?') as unknown });
  expect(last.statements).toHaveLength(Number(res.headers['x-query-count']));
  expect(last.statements[0]).toMatch(/^select "clients"\."id", .* from "clients" where \("clients"\."account_id" = \$\d+ and /);
});
