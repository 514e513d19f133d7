// The route table test's fixtures (test/route-table.test.ts) live with their features: each
// feature's src/features/<x>/<x>.route-fixtures.ts exports `routeFixtures`, one entry per path
// with {id} it serves, and the test gathers them all from the folders. A new route with an id
// adds its fixture in its own folder, or the test fails.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestAccount, TestContext } from './harness.js';

/** For a path with {id}: an entity of `t`, the account under test, for another account's user to aim at. */
export type RouteFixture = (t: TestAccount, ctx: TestContext) => Promise<string>;
export type RouteFixtures = Record<string, RouteFixture>;

/** A short distinct suffix for names that must be unique. */
export const unique = () => randomUUID().slice(0, 8);

const FEATURES = fileURLToPath(new URL('../src/features', import.meta.url));

/** Every feature's route fixtures, by path; a path given by two features is a mistake and throws. */
export async function collectRouteFixtures(): Promise<RouteFixtures> {
  const all: RouteFixtures = {};
  const owner = new Map<string, string>();
  for (const folder of readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const file of readdirSync(join(FEATURES, folder.name)).filter((f) => f.endsWith('.route-fixtures.ts')).sort()) {
      const module = (await import(pathToFileURL(join(FEATURES, folder.name, file)).href)) as { routeFixtures?: RouteFixtures };
      if (!module.routeFixtures) throw new Error(`${folder.name}/${file} exports no routeFixtures`);
      for (const [path, fixture] of Object.entries(module.routeFixtures)) {
        if (owner.has(path)) throw new Error(`${path} has fixtures in ${owner.get(path)} and ${folder.name}/${file}`);
        owner.set(path, `${folder.name}/${file}`);
        all[path] = fixture;
      }
    }
  }
  return all;
}
