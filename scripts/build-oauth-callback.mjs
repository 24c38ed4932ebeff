/**
 * Writes dist/oauth-callback.html and its script dist/oauth-callback.js: the page the sign-in
 * window of an MCP server's authorization comes back to. The script is a file of its own, not
 * inline, so the page works under a Content-Security-Policy of `script-src 'self'`.
 */
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';

const result = await build({
  entryPoints: ['src/oauth-callback/callback-page.ts'],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2022',
  write: false,
});
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Signing in…</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;text-align:center}</style>
</head>
<body>
<p id="status" role="status">Signing in…</p>
<script src="oauth-callback.js"></script>
</body>
</html>
`;
await writeFile('dist/oauth-callback.js', result.outputFiles[0].text);
await writeFile('dist/oauth-callback.html', page);
console.log(`dist/oauth-callback.html + .js  ${((page.length + result.outputFiles[0].text.length) / 1024).toFixed(2)} kB`);
