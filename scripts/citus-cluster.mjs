// A Citus cluster on loopback for the tests of Willow sharded by account (issue 35): a coordinator
// and two workers, each its own `initdb` data directory run by `pg_ctl` on its own port, so the
// machine's PostgreSQL server is never touched.
//
//   node scripts/citus-cluster.mjs up      install Citus if missing, create and start the cluster,
//                                          print the coordinator's DATABASE_URL
//   node scripts/citus-cluster.mjs down    stop the nodes and remove their data directories
//
// Settings (environment):
//   CITUS_DIR    the folder with Citus's install.sh (default <repo>/../shared/citus)
//   CITUS_DATA   where the nodes' data directories go (default <repo>/../citus-data)
//   CITUS_PORT   the coordinator's port; the workers take the next two (default 25432)
//   CITUS_DB     the database made on every node (default willow)
// When Citus is neither installed nor installable, `up` says so and exits 3 (a suite skips then).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, rmSync, appendFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const NOT_AVAILABLE = 3;

export function settings(env = process.env) {
  // Below Linux's ephemeral range (32768–60999): a port there can be held for a while by any
  // outgoing connection or any server started on a free port (the other suites' app servers),
  // and the coordinator then fails to start with "Address already in use".
  const port = Number(env.CITUS_PORT ?? 25432);
  return {
    citusDir: env.CITUS_DIR ?? resolve(repo, '../shared/citus'),
    dataDir: resolve(env.CITUS_DATA ?? resolve(repo, '../citus-data')),
    database: env.CITUS_DB ?? 'willow',
    nodes: [
      { name: 'coordinator', port },
      { name: 'worker-1', port: port + 1 },
      { name: 'worker-2', port: port + 2 },
    ],
  };
}

const pgBin = () => execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
const pkgLib = () => execFileSync('pg_config', ['--pkglibdir'], { encoding: 'utf8' }).trim();

// PostgreSQL refuses to run as root: as root (a CI container), the nodes run as the postgres user.
const asRoot = process.getuid?.() === 0;
function run(cmd, args, { quiet = false } = {}) {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: 'utf8', stdio: quiet ? 'pipe' : ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Citus's library in the server's lib folder; installed from CITUS_DIR when missing. */
export function ensureCitus(s = settings()) {
  if (existsSync(join(pkgLib(), 'citus.so'))) return { ok: true, how: 'already installed' };
  const installer = join(s.citusDir, 'install.sh');
  if (!existsSync(installer)) {
    return { ok: false, how: `Citus is not installed and there is no installer at ${installer} (set CITUS_DIR to the folder with install.sh)` };
  }
  const r = spawnSync('bash', [installer], { encoding: 'utf8' });
  if (r.status !== 0) return { ok: false, how: `${installer} failed: ${r.stderr || r.stdout}` };
  return { ok: true, how: r.stdout.trim() };
}

const psql = (port, database, sql) =>
  execFileSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    encoding: 'utf8',
  });

/** Creates and starts the three nodes (any left from an earlier run go first); returns the coordinator's URL. */
export function up(s = settings()) {
  down(s);
  const bin = pgBin();
  mkdirSync(s.dataDir, { recursive: true });
  if (asRoot) chownSync(s.dataDir, uidOf('postgres'), gidOf('postgres'));
  for (const node of s.nodes) {
    const dir = join(s.dataDir, node.name);
    run(join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { quiet: true });
    // Small and quick: a test cluster holds little and need not survive a crash.
    appendFileSync(
      join(dir, 'postgresql.conf'),
      [
        "shared_preload_libraries = 'citus'",
        "listen_addresses = '127.0.0.1'",
        `port = ${node.port}`,
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        'shared_buffers = 64MB',
        // few shards: a test's tables are small, and every DDL statement runs once per shard
        'citus.shard_count = 8',
        '',
      ].join('\n'),
    );
    run(join(bin, 'pg_ctl'), ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], { quiet: true });
  }
  for (const node of s.nodes) {
    psql(node.port, 'postgres', `create database ${s.database}`);
    psql(node.port, s.database, 'create extension citus');
  }
  const [coordinator, ...workers] = s.nodes;
  psql(coordinator.port, s.database, `select citus_set_coordinator_host('127.0.0.1', ${coordinator.port})`);
  for (const w of workers) psql(coordinator.port, s.database, `select citus_add_node('127.0.0.1', ${w.port})`);
  return `postgres://postgres@127.0.0.1:${coordinator.port}/${s.database}`;
}

/** Stops every node that runs and removes the data directories. */
export function down(s = settings()) {
  if (!existsSync(s.dataDir)) return;
  const bin = pgBin();
  for (const node of s.nodes) {
    const dir = join(s.dataDir, node.name);
    if (existsSync(join(dir, 'postmaster.pid'))) {
      try {
        run(join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop'], { quiet: true });
      } catch {
        // not running after all (a stale pid file): removing the folder is enough
      }
    }
  }
  rmSync(s.dataDir, { recursive: true, force: true });
}

const uidOf = (user) => Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
const gidOf = (user) => Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  const s = settings();
  if (command === 'up') {
    const citus = ensureCitus(s);
    if (!citus.ok) {
      console.error(`citus: skipped: ${citus.how}`);
      process.exit(NOT_AVAILABLE);
    }
    console.log(up(s));
  } else if (command === 'down') {
    down(s);
  } else {
    console.error('usage: node scripts/citus-cluster.mjs up|down');
    process.exit(2);
  }
}
