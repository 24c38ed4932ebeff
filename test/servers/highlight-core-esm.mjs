/**
 * What the build does for the highlighter and the test server does not:
 * - highlight.js's core is CommonJS behind its ES module wrapper (`es/core.js` imports `lib/core.js`).
 *   Vite converts it in the build; the test server has no CommonJS step, so this gives the core file
 *   the ES default export the wrapper imports.
 * - `import X from './x.ts?worker&inline'` (Vite: a constructor of a worker whose bundled code is in
 *   the importing chunk) is served here as the same: the file bundled with esbuild, started from a
 *   `blob:` URL.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function inlineWorker(path) {
  const result = await build({ entryPoints: [`${root}${path}`], bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  const source = result.outputFiles[0].text;
  return `const source = ${JSON.stringify(source)};
export default function InlineWorker() {
  return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
}`;
}

export function highlightCoreAsEsm() {
  return {
    name: 'highlight-core-as-esm',
    async serve(context) {
      if (!/(?:^|&)worker&inline$/.test(context.URL.search.slice(1)) || !context.path.startsWith('/src/')) return undefined;
      return { body: await inlineWorker(context.path.slice(1)), type: 'js' };
    },
    transform(context) {
      if (!context.path.endsWith('/highlight.js/lib/core.js')) return undefined;
      return { body: String(context.body).replace(/^module\.exports = highlight;$/m, 'export default highlight;') };
    },
  };
}
