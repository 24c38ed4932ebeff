/**
 * The first load's budget: `dist/agent-chat.js` (everything a page downloads before the chat is
 * drawn) stays within 40 KB (40,960 bytes) gzipped (level 9, as bench/size.mjs measures it), and
 * no module the source loads on first need (`import('./…')`) is in it: a static import of one
 * would bring it back into the first load without a word. bench/RESULTS.md has the figures.
 *
 * Run: npm run build && node --test test/e2e/first-load-budget.test.mjs
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { distBuilt } from './mcp-fixtures.mjs';

const BUDGET_BYTES = 40_960;
const root = fileURLToPath(new URL('../../', import.meta.url));
const firstLoad = join(root, 'dist/agent-chat.js');

/** Every source file under `dir` (tests left out). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** The modules the source imports with `import('./literal.js')`, as paths from the project's root. */
function lazyModules() {
  const lazy = new Set();
  for (const file of sourceFiles(join(root, 'src'))) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
      lazy.add(relative(root, resolve(dirname(file), specifier.replace(/\.js$/, '.ts'))));
    }
  }
  return [...lazy].sort();
}

describe('first-load budget (built bundle)', () => {
  it(`dist/agent-chat.js is at most ${BUDGET_BYTES} bytes gzipped`, (t) => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    const size = gzipSync(readFileSync(firstLoad), { level: 9 }).length;
    t.diagnostic(`dist/agent-chat.js: ${size} bytes gzipped`);
    assert.ok(size <= BUDGET_BYTES, `${size} bytes gzipped, over the budget of ${BUDGET_BYTES}`);
  });

  it('holds none of the modules loaded on first need', (t) => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    const lazy = lazyModules();
    // The scan finds the loaders it must (a change to how they are written would empty it).
    for (const known of ['src/components/message/message.ts', 'src/render/markdown.ts', 'src/mcp/host.ts', 'src/session/reply-stream.ts', 'src/ask/questions.ts']) {
      assert.ok(lazy.includes(known), `${known} is loaded on first need`);
    }
    const inFirstLoad = new Set(JSON.parse(readFileSync(`${firstLoad}.map`, 'utf8')).sources.map((source) => relative(root, resolve(join(root, 'dist'), source))));
    const imported = lazy.filter((module) => inFirstLoad.has(module));
    t.diagnostic(`${lazy.length} modules loaded on first need; ${inFirstLoad.size} modules in the first load`);
    assert.deepEqual(imported, [], `statically imported into the first load, though loaded on first need elsewhere: ${imported.join(', ')}`);
  });
});
