import { defineConfig, type Plugin } from 'vite';
import { minifyLitCss } from './scripts/minify-lit-css.mjs';

/**
 * Three builds (`BUILD` picks one; `npm run build` runs all three):
 * - `es` (default): the ES module `agent-chat.js`; the MCP host is loaded on first need from
 *   `mcp-host.js`, a file of its own, and the markdown renderer is a lazy chunk.
 * - `mcp-host`: `mcp-host.js`, self-contained. Bundled apart so the first load shares no chunk with
 *   it (the MCP SDK's zod would otherwise drag zod's core into the first load).
 * - `iife`: the classic script `agent-chat.iife.js`, everything in one file.
 */
const target = process.env.BUILD ?? 'es';

/** In the ES build, `import('./host.js')` of the host loader stays an import of `./mcp-host.js`. */
const hostAsSeparateFile: Plugin = {
  name: 'mcp-host-as-separate-file',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './host.js' && importer?.replace(/\\/g, '/').endsWith('/src/mcp/host-loader.ts')) {
      return { id: './mcp-host.js', external: true };
    }
    return null;
  },
};

const builds = {
  es: { entry: 'src/index.ts', formats: ['es'] as const, fileName: () => 'agent-chat.js', emptyOutDir: true },
  'mcp-host': { entry: 'src/mcp/host.ts', formats: ['es'] as const, fileName: () => 'mcp-host.js', emptyOutDir: false },
  iife: { entry: 'src/index.ts', formats: ['iife'] as const, fileName: () => 'agent-chat.iife.js', emptyOutDir: false },
};
const build = builds[target as keyof typeof builds];
if (!build) throw new Error(`Unknown BUILD=${target}: es, mcp-host or iife`);

export default defineConfig({
  plugins: target === 'es' ? [hostAsSeparateFile, minifyLitCss] : [minifyLitCss],
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    // Shared modules of the entry and its lazy chunks stay in the entry (no extra first-load file).
    rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { minify: true } },
    emptyOutDir: build.emptyOutDir,
    lib: {
      entry: build.entry,
      name: 'AgentChat',
      formats: [...build.formats],
      fileName: build.fileName,
    },
  },
});
