// Features depend only downward, and this test holds them there: it reads every import of the
// server's feature folders (importsOf: static, re-exports and dynamic imports) and fails
// - on an import of a feature on the same or a higher floor, or of a feature the floors do not place;
// - on an import of another feature's file but its index.ts (what it offers the features above; a
//   table names another feature's table file), and on an index.ts that does more than re-export;
// - on a cycle among the feature folders;
// - on a source file over MAX_LINES.
// How features react to newer ones instead: a domain event (platform/domain-events.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports-of.js';

/**
 * The floors, lowest first (ARCHITECTURE.md, "One direction"). A feature imports only features on
 * a lower floor; two features on one floor do not import each other.
 */
export const FLOORS: readonly (readonly string[])[] = [
  // kernel
  ['product-mail'],
  ['accounts'],
  ['locations'],
  ['roles'],
  ['users'],
  ['audit'],
  ['integrations'],
  ['subscriptions'],
  ['auth'],
  ['profile', 'health', 'client-config'],
  ['product-analytics'],
  // records
  ['clients'],
  ['patients'],
  ['contacts'],
  ['documents'],
  ['communications'],
  ['care', 'search'],
  // catalogue
  ['services'],
  ['add-ons'],
  ['price-calculator'],
  // scheduling
  ['appointments'],
  ['schedule'],
  // what practices write, filled from every record below (merge fields read appointments)
  ['templates'],
  // billing
  ['invoices'],
  ['payments'],
  ['card-payments'],
  // inventory: items, stock by lot and its log; stock follows the books through invoices' events
  ['inventory'],
  // engagement
  ['forms', 'quickbooks', 'tasks'],
  // two-way SMS chat: the communications feature's texts as conversations
  ['chat'],
  // automations: what the practice sends or asks of its staff by itself, from every record below
  ['automations'],
  // reports: read-only aggregates over the records of every floor below
  ['reports'],
  // analytics: the dashboard's charts, the reports' figures through reports' index
  ['analytics'],
  // the account archive: every tenant table's rows and the stored documents, read through the schema
  ['account-archive'],
];

const MAX_LINES = 450;

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = join(SERVER, 'src/features');
const ROOT = resolve(SERVER, '../..');

function sourceFiles(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(path, keep);
    return keep(e.name) ? [path] : [];
  });
}
const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
/** Test setup shared by a feature's tests is left out like the tests (ARCHITECTURE.md). */
const isFeatureSource = (name: string) => isSource(name) && !name.endsWith('.fixtures.ts') && !name.endsWith('.route-fixtures.ts');

const floorOf = new Map(FLOORS.flatMap((floor, i) => floor.map((feature) => [feature, i] as const)));
const featureOf = (path: string): string | undefined => {
  const rel = relative(FEATURES, path);
  return rel.startsWith('..') || !rel.includes('/') ? undefined : rel.split('/')[0];
};

/** Every import of one feature's file into another feature: "features/x/file.ts → y". */
function crossFeatureImports(): { from: string; to: string; file: string; target: string }[] {
  const found: { from: string; to: string; file: string; target: string }[] = [];
  for (const path of sourceFiles(FEATURES, isFeatureSource)) {
    const from = featureOf(path);
    if (!from) continue;
    for (const fileName of importsOf(path)) {
      if (!fileName.startsWith('.')) continue;
      const resolved = resolve(dirname(path), fileName);
      const to = featureOf(resolved);
      if (to && to !== from) found.push({ from, to, file: relative(join(SERVER, 'src'), path), target: relative(FEATURES, resolved) });
    }
  }
  return found;
}

describe('feature floors', () => {
  const imports = crossFeatureImports();

  it('places every feature folder on one floor', () => {
    const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !floorOf.has(f))).toEqual([]);
    expect([...floorOf.keys()].filter((f) => !folders.includes(f))).toEqual([]);
  });

  it('imports only downward', () => {
    const upward = [...new Set(imports.filter(({ from, to }) => floorOf.get(to)! >= floorOf.get(from)!).map(({ file, to }) => `${file} → ${to}`))];
    expect(upward.sort()).toEqual([]);
  });

  it('reaches another feature only through its index.ts, which only re-exports', () => {
    // A table references another feature's table from its file: the schema's import graph stays tables
    // only, where an index.ts would bring services (and so the database client) into it, a cycle.
    const tableToTable = (file: string, target: string) => file.endsWith('.table.ts') && target.endsWith('.table.js');
    const inside = imports
      .filter(({ to, file, target }) => target !== `${to}/index.js` && !tableToTable(file, target))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(inside.sort()).toEqual([]);
    for (const folder of readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const index = join(FEATURES, folder.name, 'index.ts');
      if (!existsSync(index)) continue;
      const statements = readFileSync(index, 'utf8')
        .replace(/\/\/.*$/gm, '')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean);
      expect(statements.filter((s) => !/^export (type )?\{[^}]*\} from '\.\/[a-z0-9.-]+\.js'$/s.test(s))).toEqual([]);
    }
  });

  it('has no cycle among the feature folders', () => {
    const next = new Map<string, Set<string>>();
    for (const { from, to } of imports) next.set(from, (next.get(from) ?? new Set()).add(to));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (feature: string, path: string[]) => {
      if (state.get(feature) === 'done') return;
      if (state.get(feature) === 'open') return void cycles.push([...path.slice(path.indexOf(feature)), feature].join(' → '));
      state.set(feature, 'open');
      for (const to of next.get(feature) ?? []) visit(to, [...path, feature]);
      state.set(feature, 'done');
    };
    for (const feature of floorOf.keys()) visit(feature, []);
    expect(cycles).toEqual([]);
  });

  it('knows the floors from ARCHITECTURE.md', () => {
    const architecture = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    for (const floor of FLOORS) for (const feature of floor) expect(architecture).toContain(feature);
  });
});

describe('file length', () => {
  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'].flatMap((dir) => sourceFiles(join(ROOT, dir), isSource));
    const long = files.filter((path) => readFileSync(path, 'utf8').split('\n').length - 1 > MAX_LINES).map((path) => relative(ROOT, path));
    expect(long.sort()).toEqual([]);
  });
});
