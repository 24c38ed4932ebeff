/**
 * Ships KaTeX's fonts with the package: the ES build emits each `.woff2` of `katex/dist/fonts` as
 * `dist/fonts/<name>.woff2`, where the math renderer (`src/render/math-render.ts`) asks for them,
 * relative to its own URL, when a formula first uses one. Only `woff2` (every browser that runs
 * the widget reads it); nothing is fetched from anywhere else.
 *
 * The renderer names each font as `new URL('./fonts/<file>', import.meta.url)` (math-font-urls.ts),
 * so that an app bundling the package copies them too. Vite leaves such an address to be resolved
 * at run time (the file is not there while it builds) but writes it as ``` ``+import.meta.url ```,
 * a form other bundlers no longer recognise: the plain form is put back in the written chunks.
 *
 * Used by `vite.config.ts` as a plugin.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const katexFonts = path.join(path.dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist', 'fonts');

/** @type {import('vite').Plugin} */
export const mathFonts = {
  name: 'math-fonts',
  async generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/new URL\((`\.\/fonts\/[\w-]+\.woff2`),\s*``\s*\+\s*import\.meta\.url\)/g, 'new URL($1,import.meta.url)');
    }
    for (const name of await readdir(katexFonts)) {
      if (!name.endsWith('.woff2')) continue;
      this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: await readFile(path.join(katexFonts, name)) });
    }
  },
};
