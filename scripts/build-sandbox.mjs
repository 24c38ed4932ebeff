/**
 * Writes dist/sandbox.html: the MCP Apps sandbox proxy page, one self-contained file (its script
 * inline) to serve from a second origin. It must be served without a Content-Security-Policy of
 * its own: the app frame inside it inherits the page's policy on top of the app's.
 */
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';

const result = await build({
  entryPoints: ['src/sandbox/proxy.ts'],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2022',
  write: false,
});
const script = result.outputFiles[0].text.trim().replace(/<\/script/gi, '<\\/script');
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>agent-chat app sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>
</head>
<body>
<script>${script}</script>
</body>
</html>
`;
await writeFile('dist/sandbox.html', page);
console.log(`dist/sandbox.html  ${(page.length / 1024).toFixed(2)} kB`);
