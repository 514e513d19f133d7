// `npm test`: the type check (scripts/typecheck.mjs) and the tests (`vitest run`, with any
// arguments given) side by side. The type check's programs run on one core each; the tests fill
// what they leave (decision 0302). Fails when either fails; both always run to the end, so one run
// reports every type error and every failing test.
import { spawn } from 'node:child_process';

const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });

const [typecheck, tests] = await Promise.all([run(['scripts/typecheck.mjs']), run(['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)])]);
if (typecheck !== 0) console.error('\nnpm test: the type check failed (above).');
if (tests !== 0) console.error('\nnpm test: tests failed (above).');
process.exit(typecheck || tests);
