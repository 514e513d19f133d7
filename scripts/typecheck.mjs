// `npm run typecheck`: the contracts first (every other program reads their declarations), then the
// server's two programs and the web's two side by side. Each `tsc` is mostly one thread; run one
// after another they left the second core idle for most of a minute.
import { spawn } from 'node:child_process';

const tsc = (...args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', ...args], { stdio: 'inherit' });
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
