/**
 * The tests sit where their code is: `test/unit/` and `test/components/` mirror the folders of
 * `src/`. A test of a module in `src/<folder>/` is in `test/unit/<folder>/` or
 * `test/components/<folder>/`; a view's folder `src/components/<name>/` is
 * `test/components/<name>/` there (every file of `test/components/` tests views, so `components/`
 * is not said twice). The two roots hold the shared helpers (`all-texts.ts`, `helpers.ts`,
 * `mcp-helpers.ts`, `internal-events.ts`) and no test. A folder that mirrors nothing in `src/`, or a
 * test at a root, fails with its path. Reads folders only: no build, no browser.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The test roots that mirror `src/`, each run by web-test-runner. */
const KINDS = ['test/unit', 'test/components'];

/** Every folder and every file under `dir`, as paths relative to it with `/`. */
function walk(dir, under = '') {
  const folders = [];
  const files = [];
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      folders.push(name);
      const inner = walk(dir, name);
      folders.push(...inner.folders);
      files.push(...inner.files);
    } else files.push(name);
  }
  return { folders, files };
}

/** The `src/` folder that `folder` (relative to the test root `kind`) mirrors, or undefined. */
export function mirrored(kind, folder, srcFolders) {
  if (kind === 'test/components') {
    if (folder === 'components' || folder.startsWith('components/')) return undefined; // a view is test/components/<name>/
    if (srcFolders.has(`components/${folder}`)) return `src/components/${folder}`;
  }
  return srcFolders.has(folder) ? `src/${folder}` : undefined;
}

/** What breaks the layout under the test root `kind`, one line each: stray folders, then tests out of place. */
export function layoutProblems(kind, { folders, files }, srcFolders) {
  const strays = folders.filter((folder) => !mirrored(kind, folder, srcFolders)).map((folder) => `${kind}/${folder}/ mirrors no folder of src/`);
  const misplaced = files
    .filter((file) => file.endsWith('.test.ts') && !file.includes('/'))
    .map((file) => `${kind}/${file} is at the root: move it to the folder that mirrors the src/ folder it tests`);
  return [...strays, ...misplaced];
}

const srcFolders = new Set(walk(path.join(ROOT, 'src')).folders);
const trees = Object.fromEntries(KINDS.map((kind) => [kind, walk(path.join(ROOT, kind))]));

describe('the layout of test/unit/ and test/components/', () => {
  it('knows a mirror from a stray (the rule, on made-up trees)', () => {
    const src = new Set(['conversation', 'conversation/reduce', 'components', 'components/composer', 'attachments', 'components/attachments']);
    assert.equal(mirrored('test/unit', 'conversation/reduce', src), 'src/conversation/reduce');
    assert.equal(mirrored('test/unit', 'components/composer', src), 'src/components/composer');
    assert.equal(mirrored('test/components', 'composer', src), 'src/components/composer');
    assert.equal(mirrored('test/components', 'conversation', src), 'src/conversation');
    assert.equal(mirrored('test/components', 'attachments', src), 'src/components/attachments');
    assert.equal(mirrored('test/components', 'components/composer', src), undefined);
    assert.equal(mirrored('test/unit', 'composer', src), undefined);
    assert.deepEqual(layoutProblems('test/unit', { folders: ['conversation', 'misc'], files: ['helper.ts', 'conversation/a.test.ts', 'misc/b.test.ts', 'c.test.ts'] }, src), [
      'test/unit/misc/ mirrors no folder of src/',
      'test/unit/c.test.ts is at the root: move it to the folder that mirrors the src/ folder it tests',
    ]);
  });

  it('finds the tests it checks', () => {
    const tests = (kind) => trees[kind].files.filter((file) => file.endsWith('.test.ts')).length;
    assert.ok(tests('test/unit') >= 60, `only ${tests('test/unit')} unit tests found`);
    assert.ok(tests('test/components') >= 40, `only ${tests('test/components')} component tests found`);
  });

  for (const kind of KINDS) {
    it(`every folder of ${kind}/ mirrors a folder of src/, and every test sits in one`, () => {
      assert.deepEqual(layoutProblems(kind, trees[kind], srcFolders), []);
    });
  }

  it('web-test-runner runs the tests of every folder, not only the roots', () => {
    const config = readFileSync(path.join(ROOT, 'web-test-runner.config.mjs'), 'utf8');
    for (const kind of KINDS) assert.ok(config.includes(`'${kind}/**/*.test.ts'`), `web-test-runner.config.mjs runs ${kind}/**/*.test.ts`);
  });
});
