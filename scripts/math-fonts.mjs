/**
 * Ships KaTeX's fonts with the package: the ES build emits each `.woff2` of `katex/dist/fonts` as
 * `dist/fonts/<name>.woff2`, where the math renderer (`src/render/math-render.ts`) asks for them,
 * relative to its own URL (`src/render/math-font-urls.ts`), when a formula first uses one; the
 * standalone script, in `dist/` too, finds the same files. Only `woff2` (every browser that runs
 * the widget reads it); nothing is fetched from anywhere else.
 *
 * Each address is marked `@vite-ignore` for our build, which must leave it as written (it names
 * the output's folder, not one beside the source). The marker is taken out once Vite's asset pass
 * is done (`enforce: 'post'`): an app that bundles the package must see the plain
 * `new URL('./fonts/…', import.meta.url)`, so that its bundler copies the fonts.
 *
 * Used by `vite.config.ts` as a plugin.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import MagicString from 'magic-string';

const katexFonts = path.join(path.dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist', 'fonts');
const MARKED_FONT = /new URL\(\s*(\/\* @vite-ignore \*\/\s*)(?=['"`]\.\/fonts\/[\w-]+\.woff2['"`])/g;

/**
 * `code` without the `@vite-ignore` markers of its font addresses, with a map of the change.
 * @param {string} code @param {string} id
 * @returns {{ code: string, map: import('magic-string').SourceMap } | null} null when nothing changed
 */
export function unmarkFontUrls(code, id) {
  const edited = new MagicString(code);
  for (const match of code.matchAll(MARKED_FONT)) {
    const start = match.index + match[0].length - match[1].length;
    edited.remove(start, start + match[1].length);
  }
  if (!edited.hasChanged()) return null;
  return { code: edited.toString(), map: edited.generateMap({ source: id, includeContent: true, hires: 'boundary' }) };
}

/** @type {import('vite').Plugin} */
export const mathFonts = {
  name: 'math-fonts',
  enforce: 'post',
  transform(code, id) {
    if (!id.replace(/\\/g, '/').endsWith('/src/render/math-font-urls.ts')) return null;
    return unmarkFontUrls(code, id);
  },
  async generateBundle() {
    for (const name of await readdir(katexFonts)) {
      if (!name.endsWith('.woff2')) continue;
      this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: await readFile(path.join(katexFonts, name)) });
    }
  },
};
