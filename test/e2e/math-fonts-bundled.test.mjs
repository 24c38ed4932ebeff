/**
 * An app that bundles the package (Vite, as the React and Vue apps of docs/frameworks.md do) gets KaTeX's fonts
 * with its own build: the math chunk names each font as `new URL('./fonts/…', import.meta.url)`, the
 * pattern bundlers follow, so they are copied beside the app's chunks and the chunk points at the
 * copies — not at `/assets/fonts/…`, where nothing would be.
 */
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('math fonts in an app that bundles the package (built bundle)', () => {
  let dir;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agent-chat-math-app-'));
    await mkdir(path.join(dir, 'node_modules'));
    await symlink(ROOT, path.join(dir, 'node_modules', 'agent-chat'), 'dir');
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'math-app', private: true, type: 'module' }));
    await writeFile(path.join(dir, 'main.js'), "import 'agent-chat';\n");
    await writeFile(path.join(dir, 'index.html'), '<script type="module" src="./main.js"></script>\n<agent-chat endpoint="/api/agent" math></agent-chat>\n');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('copies every font the math chunk names and points the chunk at the copies', async () => {
    await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: path.join(dir, 'out'), assetsInlineLimit: 0 } });
    const assets = await readdir(path.join(dir, 'out', 'assets'));
    const fonts = assets.filter((name) => name.endsWith('.woff2'));
    assert.equal(fonts.length, 20, `KaTeX's 20 faces are in the app's build: ${fonts.join(', ')}`);
    const mathChunk = assets.find((name) => name.startsWith('math-render') && name.endsWith('.js'));
    assert.ok(mathChunk, 'the math chunk is one of the app’s chunks');
    const code = await readFile(path.join(dir, 'out', 'assets', mathChunk), 'utf8');
    const main = fonts.find((name) => name.startsWith('KaTeX_Main-Regular'));
    assert.ok(code.includes(main), 'the chunk asks for the copied file, by its hashed name');
    assert.ok(!/\.\/fonts\/KaTeX_/.test(code), 'no address left pointing at a fonts/ folder the app does not have');
  });
});
