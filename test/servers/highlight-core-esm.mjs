/**
 * highlight.js's core is CommonJS behind its ES module wrapper (`es/core.js` imports `lib/core.js`).
 * Vite converts it in the build; the test server has no CommonJS step, so this gives the core file
 * the ES default export the wrapper imports.
 */
export function highlightCoreAsEsm() {
  return {
    name: 'highlight-core-as-esm',
    transform(context) {
      if (!context.path.endsWith('/highlight.js/lib/core.js')) return undefined;
      return { body: String(context.body).replace(/^module\.exports = highlight;$/m, 'export default highlight;') };
    },
  };
}
