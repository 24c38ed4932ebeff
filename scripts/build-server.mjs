/**
 * Writes dist/server.js, `agent-chat/server`: the thread store's request handler for Node (20 or
 * later), one ES module. The databases it runs on (`pg`, `@electric-sql/pglite`) stay imports of
 * the host's own packages, loaded only when used.
 */
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['src/server/thread-store-handler.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['pg', '@electric-sql/pglite'],
  sourcemap: true,
  metafile: true,
});
const bytes = result.metafile.outputs['dist/server.js'].bytes;
console.log(`dist/server.js  ${(bytes / 1024).toFixed(2)} kB`);
