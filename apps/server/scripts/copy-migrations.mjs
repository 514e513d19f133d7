// The compiled server reads migrations from dist/../drizzle, so nothing to copy today;
// kept as the one place a build step for server assets belongs.
import { existsSync } from 'node:fs';
if (!existsSync(new URL('../drizzle/meta/_journal.json', import.meta.url))) {
  console.error('Missing committed migrations in apps/server/drizzle; run npm run db:generate');
  process.exit(1);
}
