// What every browser bench needs around the build: a private copy of dist/ (so a rebuild during
// the bench cannot pull files from under it), and the machine's load for the report.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Copies `distDir` (without its type declarations) to a temporary folder. */
export function snapshotDist(distDir) {
  if (!existsSync(join(distDir, 'agent-chat.js'))) throw new Error(`${distDir}/agent-chat.js is missing: run \`npm run build\` first`);
  const copy = mkdtempSync(join(tmpdir(), 'agent-chat-bench-'));
  cpSync(distDir, copy, { recursive: true, filter: (source) => source !== join(distDir, 'types') });
  return { dir: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}

/** The load averages (1, 5, 15 minutes), for the report. */
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
