/**
 * Lets the built bundles be imported where there is no DOM (Node, SSR) without throwing: Lit's
 * browser build reads two DOM globals while its modules load — `document` (lit-html's template
 * walker) and `HTMLElement` (the base class of every element). Both are replaced, at build time,
 * by what Lit's own Node build does: a stand-in only where the global is missing, so in a browser
 * nothing changes. Nothing is defined in Node: `define()` registers no element without a DOM.
 *
 * Used by `vite.config.ts` as a plugin; `test/e2e/ssr-import.test.mjs` imports the built files in Node.
 */
import MagicString from 'magic-string';

/** The modules that touch the DOM as they load, and the expression to replace in each. */
const PATCHES = [
  {
    // lit-html's template walker, made once as the module loads.
    file: /[\\/]node_modules[\\/]lit-html[\\/]lit-html\.js$/,
    find: /(?<=[,\s])([\w$]+)=document,/,
    replace: (name) => `${name}=globalThis.document===void 0?{createTreeWalker:()=>({})}:document,`,
  },
  {
    // Lit's ReactiveElement, and our own elements that extend HTMLElement directly.
    file: /[\\/]node_modules[\\/]@lit[\\/]reactive-element[\\/]reactive-element\.js$|[\\/]src[\\/].*\.ts$/,
    find: /\bextends HTMLElement(?=\s*\{)/g,
    replace: () => 'extends (globalThis.HTMLElement ?? class {})',
    optional: /[\\/]src[\\/]/,
  },
];

/**
 * @param {string} code
 * @param {string} id
 * @returns {{ code: string, map: import('magic-string').SourceMap } | null} null for other modules
 */
export function withoutDomGlobals(code, id) {
  const patch = PATCHES.find((candidate) => candidate.file.test(id));
  if (!patch) return null;
  const edited = new MagicString(code);
  const pattern = new RegExp(patch.find.source, 'g');
  for (const match of code.matchAll(pattern)) edited.overwrite(match.index, match.index + match[0].length, patch.replace(match[1]));
  if (!edited.hasChanged()) {
    if (patch.optional?.test(id)) return null;
    // A Lit release that reads the DOM differently must be looked at again, not built silently.
    throw new Error(`build-without-dom: ${id} no longer matches ${patch.find}; update scripts/build-without-dom.mjs`);
  }
  return { code: edited.toString(), map: edited.generateMap({ source: id, includeContent: true, hires: 'boundary' }) };
}

/** The Vite/Rolldown plugin. */
export const importsWithoutDom = {
  name: 'imports-without-dom',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    return withoutDomGlobals(code, id.split('?')[0]);
  },
};
