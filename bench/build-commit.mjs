#!/usr/bin/env node
/**
 * Builds the ES bundle of an older commit, for the benches' `--dist=DIR` option: a throwaway git
 * worktree of the commit in the system's temp folder, this checkout's node_modules linked into it,
 * `npx vite build --outDir DIR`, then the worktree is removed. Only the widget changes between two
 * bench runs this way: the bench script, its server and the browser stay the current ones.
 *
 *   node bench/build-commit.mjs <commit> [<commit> …] [--out=/tmp/ac-dist]
 *
 * Each commit's build lands in `<out>/<short sha>/` (an existing one is kept, not built again);
 * the last line printed lists the folders, e.g. for `node bench/stream.mjs --dist=…`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function parseOptions(argv) {
  const out = resolve(argv.find((arg) => arg.startsWith('--out='))?.split('=')[1] ?? join(tmpdir(), 'ac-dist'));
  const commits = argv.filter((arg) => !arg.startsWith('--'));
  if (!commits.length) throw new Error('usage: node bench/build-commit.mjs <commit> [<commit> …] [--out=DIR]');
  return { out, commits };
}

const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/** Builds one commit into `<out>/<sha>`; returns that folder. */
function buildCommit(commit, out) {
  const sha = git('rev-parse', '--short=7', `${commit}^{commit}`);
  const dist = join(out, sha);
  if (existsSync(join(dist, 'agent-chat.js'))) {
    console.log(`${sha}: already built in ${dist}`);
    return dist;
  }
  const tree = mkdtempSync(join(tmpdir(), `ac-${sha}-`));
  rmSync(tree, { recursive: true });
  git('worktree', 'add', '--detach', tree, sha);
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    const started = performance.now();
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
    console.log(`${sha}: built in ${((performance.now() - started) / 1000).toFixed(1)} s → ${dist} (${git('log', '-1', '--format=%s', sha).slice(0, 80)})`);
  } finally {
    git('worktree', 'remove', '--force', tree);
  }
  return dist;
}

const { out, commits } = parseOptions(process.argv.slice(2));
const built = commits.map((commit) => buildCommit(commit, out));
console.log(built.join(' '));
