// `npm run typecheck`: the contracts first (every other program reads their declarations), then the
// server's two programs and the web's two side by side. Each `tsc` runs on one thread: two programs
// at a time fill two cores, and TypeScript 7's own parallel checkers cost twice the CPU for no
// shorter wall time there (decision 0306).
import { spawn } from 'node:child_process';

const tsc = (...args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', ...args, '--singleThreaded'], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc ${args.join(' ')} failed (${code})`))));
  });

try {
  await tsc('-b', 'packages/contracts');
  await Promise.all([
    (async () => {
      await tsc('-b', 'apps/server');
      await tsc('-p', 'apps/server/tsconfig.test.json');
    })(),
    (async () => {
      await tsc('-p', 'apps/web', '--noEmit');
      await tsc('-p', 'e2e');
    })(),
  ]);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
