/**
 * A throwaway PostgreSQL server for the tests: Debian's `postgresql` (or the binaries in
 * $PG_BIN), a cluster in a temporary folder, on a free loopback port, stopped and removed at the
 * end. PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user the
 * Debian package creates. Nothing here installs anything: a missing server stops the run with the
 * command that installs it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The folder with `initdb` and `pg_ctl`, or undefined. */
export function findPostgresBin() {
  const candidates = [process.env.PG_BIN];
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  } catch {
    // no Debian PostgreSQL
  }
  return candidates.filter(Boolean).find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

/** The folder, or exits with how to install PostgreSQL. */
export function postgresBin() {
  const found = findPostgresBin();
  if (found) return found;
  console.error(
    [
      'No PostgreSQL server found for the tests (looked at $PG_BIN and /usr/lib/postgresql/*/bin).',
      'Install it with:  sudo apt-get update && sudo apt-get install -y postgresql',
      'or point PG_BIN at the folder with its initdb and pg_ctl, then run `npm test` again.',
    ].join('\n'),
  );
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
function runAs(owner, bin, args) {
  const [command, full] = owner ? ['runuser', ['-u', owner, '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, full, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
}

/**
 * Starts a cluster; resolves with its connection string (user `agent_chat`, database `postgres`,
 * no password, loopback only) and `stop()`.
 */
export async function startPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-chat-pg-'));
  const owner = process.getuid?.() === 0 ? 'postgres' : undefined;
  if (owner) {
    const uid = Number(execFileSync('id', ['-u', owner], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', owner], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  runAs(owner, path.join(bin, 'initdb'), ['-D', data, '-U', 'agent_chat', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  let port;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      const options = `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
      runAs(owner, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', '-o', options, 'start']);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runAs(owner, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return { url: `postgres://agent_chat@127.0.0.1:${port}/postgres`, stop };
}
