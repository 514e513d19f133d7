// Tenant scoping lives in one place, and this test holds it there: it reads the server's source
// and fails when
// - Drizzle is imported outside repositories, tables, db/, seed/ and the tenant repository (with
//   its link and child tables);
// - a table's account_id is compared anywhere but the tenant repository (hand-written scoping);
// - a statement on a tenant table is built without the tenant repository's builders (outside
//   db/ and seed/), or a tenant table is joined or correlated without its account equated.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const TENANT_REPOSITORY = 'platform/tenant-repository.ts';
/**
 * Link and child tables, built on the tenant repository's builders: they import Drizzle for their
 * conditions, but compare no account_id and build no statement of their own (the rules below hold it).
 */
const TENANT_ROW_SETS = 'platform/tenant-row-sets.ts';
/** The kit's one deliberate way across accounts (the platform's workers and administration), kept apart. */
const ACROSS_ACCOUNTS = 'platform/tenant-across-accounts.ts';
const inTheKit = (name: string) => name === TENANT_REPOSITORY || name === ACROSS_ACCOUNTS;
/** Tables without an account of their own (the same list the schema test names). */
const GLOBAL_TABLES = ['accounts', 'subscription_tiers', 'species', 'system_roles', 'user_emails', 'auth_failures', 'product_messages', 'sign_in_tokens', 'rate_events', 'google_sign_in_states', 'schedules'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}
const files = sourceFiles(SRC).map((path) => ({ name: relative(SRC, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }));

/** The schema's exports keyed by account: every tenant table, and the global email directory. */
const keyedByAccount = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (is(value, PgTable) && 'accountId' in getTableColumns(value)) keyedByAccount.set(name, getTableName(value));
}
const tenantNames = new Set([...keyedByAccount].filter(([, table]) => !GLOBAL_TABLES.includes(table)).map(([name]) => name));

/** The tenant tables a file names, aliases included (`const vet = alias(users, 'vet')`). */
function tenantNamesIn(text: string): Set<string> {
  const names = new Set(tenantNames);
  for (const m of text.matchAll(/const (\w+) = alias\((\w+),/g)) if (tenantNames.has(m[2]!)) names.add(m[1]!);
  return names;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('tenant scoping in one place', () => {
  it('knows the tenant tables', () => {
    expect(tenantNames.size).toBeGreaterThan(20);
    expect(tenantNames).toContain('appointments');
    expect(tenantNames).not.toContain('userEmails');
  });

  it('imports Drizzle only in repositories, tables, db/ and seed/', () => {
    const allowed = (name: string) =>
      name.endsWith('.repository.ts') ||
      name.endsWith('.table.ts') ||
      name.startsWith('db/') ||
      name.startsWith('seed/') ||
      inTheKit(name) ||
      name === TENANT_ROW_SETS;
    const offenders = files.filter((f) => !allowed(f.name) && /from ['"]drizzle-orm/.test(f.text)).map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('compares account_id only in the tenant repository', () => {
    const problems: string[] = [];
    const columns = [...keyedByAccount.keys()];
    for (const f of files) {
      if (inTheKit(f.name)) continue;
      const names = new Set([...columns, ...tenantNamesIn(f.text)]);
      // a column's account_id inside a Drizzle condition, or interpolated into SQL text
      const patterns = [
        /\b(?:eq|ne|inArray|notInArray)\(\s*(\w+)\.accountId\b/g,
        /\b(?:eq|ne)\([^,()]+,\s*(\w+)\.accountId\s*\)/g,
        /\$\{\s*(\w+)\.accountId\s*\}/g,
      ];
      for (const pattern of patterns) {
        for (const m of f.text.matchAll(pattern)) if (names.has(m[1]!)) problems.push(`${f.name}:${lineOf(f.text, m.index)}: ${m[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('builds every statement on a tenant table through the tenant repository, joins co-located', () => {
    const problems: string[] = [];
    for (const f of files) {
      if (inTheKit(f.name) || f.name.startsWith('db/') || f.name.startsWith('seed/')) continue;
      const names = tenantNamesIn(f.text);
      for (const m of f.text.matchAll(/\.(from|update|delete|insert|\$count)\(\s*(\w+)\s*[,)]/g)) {
        if (names.has(m[2]!)) problems.push(`${f.name}:${lineOf(f.text, m.index)}: .${m[1]}(${m[2]}) outside the tenant repository`);
      }
      for (const m of f.text.matchAll(/\.(?:inner|left|right|full)Join\(\s*(\w+)\s*,\s*([\w.]+)\(/g)) {
        if (names.has(m[1]!) && !/(^|\.)joined$|^sameAccount$/.test(m[2]!))
          problems.push(`${f.name}:${lineOf(f.text, m.index)}: join of ${m[1]} without its account equated`);
      }
      // a correlated subquery written as SQL text names its account equation in the same template
      for (const m of f.text.matchAll(/from \$\{(\w+)\}/g)) {
        const rest = f.text.slice(m.index, f.text.indexOf('`', m.index));
        if (names.has(m[1]!) && !/sameAccount\(|\.joined\(/.test(rest))
          problems.push(`${f.name}:${lineOf(f.text, m.index)}: subquery on ${m[1]} without its account equated`);
      }
    }
    expect(problems).toEqual([]);
  });
});
