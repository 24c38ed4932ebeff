import { defineConfig, type Plugin } from 'vite';
import { importsWithoutDom } from './scripts/build-without-dom.mjs';
import { minifyLitCss } from './scripts/minify-lit-css.mjs';
import { mathFonts } from './scripts/math-fonts.mjs';

/**
 * Four builds (`BUILD` picks one; `npm run build` runs them all):
 * - `es` (default): the ES module `agent-chat.js`, one file holding everything the first screen
 *   needs; the rest (markdown renderer, storage, adapters, tool cards, request views…) are chunks
 *   loaded on first need, which import what they share with it from `agent-chat.js` itself.
 * - `mcp-host`: `mcp-host.js`, the MCP host, loaded on first need. Bundled apart so the first load
 *   shares no chunk with it (the MCP SDK's zod would otherwise drag zod's core into the first load).
 * - `loader`: the classic script `agent-chat.iife.js`, a few lines that `import()` the ES build from
 *   beside themselves (`src/loader/classic-loader.ts`): a `<script src>` pays the module's first load.
 * - `standalone`: `agent-chat.standalone.js`, the classic script with everything in one file, for
 *   hosts that can serve only one.
 * Every build imports cleanly where there is no DOM (`scripts/build-without-dom.mjs`).
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

/**
 * Every module the entry imports statically goes into the entry's own file (Rolldown would
 * otherwise split what the entry shares with lazy chunks into chunks of their own, each one more
 * request before the first screen).
 */
const entryKeepsItsModules = { groups: [{ name: 'agent-chat', tags: ['$initial'] }] };

const builds = {
  es: { entry: 'src/index.ts', formats: ['es'] as const, fileName: () => 'agent-chat.js', emptyOutDir: true, codeSplitting: entryKeepsItsModules },
  'mcp-host': { entry: 'src/mcp/host.ts', formats: ['es'] as const, fileName: () => 'mcp-host.js', emptyOutDir: false },
  loader: { entry: 'src/loader/classic-loader.ts', formats: ['iife'] as const, fileName: () => 'agent-chat.iife.js', emptyOutDir: false },
  standalone: { entry: 'src/index.ts', formats: ['iife'] as const, fileName: () => 'agent-chat.standalone.js', emptyOutDir: false },
};
const build = builds[target as keyof typeof builds];
if (!build) throw new Error(`Unknown BUILD=${target}: ${Object.keys(builds).join(', ')}`);

/**
 * A classic script has no `import.meta`: in the standalone build `import.meta.url` is the script's
 * own URL, read once as it starts (`document.currentScript` is gone by the time lazy code runs), so
 * what is addressed beside the module (the math fonts, the sign-in callback page) is found beside
 * the script. The page's URL for an inline script; undefined without a DOM.
 */
const SCRIPT_URL = '__agentChatScriptUrl';
const scriptUrl =
  target === 'standalone'
    ? {
        define: { 'import.meta.url': SCRIPT_URL },
        intro: `var ${SCRIPT_URL}=typeof document>"u"?void 0:document.currentScript&&document.currentScript.src||document.baseURI;`,
      }
    : undefined;

export default defineConfig({
  define: scriptUrl?.define,
  plugins: target === 'es' ? [hostAsSeparateFile, minifyLitCss, importsWithoutDom, mathFonts] : [minifyLitCss, importsWithoutDom],
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      // Rolldown's report of slow plugins shows only on a busy machine: the build stays quiet.
      checks: { bundlerTimings: false },
      output: { minify: true, intro: scriptUrl?.intro, ...('codeSplitting' in build ? { codeSplitting: build.codeSplitting } : {}) },
    },
    emptyOutDir: build.emptyOutDir,
    lib: {
      entry: build.entry,
      name: 'AgentChat',
      formats: [...build.formats],
      fileName: build.fileName,
    },
  },
});
