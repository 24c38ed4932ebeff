/**
 * The build stays quiet and its source maps stay right: it prints its progress and no warning
 * (`scripts/check-quiet-build.mjs`); the Lit CSS minifier (`scripts/minify-lit-css.mjs`) returns a
 * map of its change, so Rolldown keeps the mappings of the files it touched (without a map it
 * dropped them). The math chunk names its fonts as an app's bundler can follow them. The ES entry
 * holds its whole first load (no shared chunk of its own), and the DOM stand-ins
 * (`scripts/build-without-dom.mjs`) still find what they replace in the installed Lit.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { decode as decodeMappings } from '@jridgewell/sourcemap-codec';
import { minifyLitCssIn } from '../../scripts/minify-lit-css.mjs';
import { withoutDomGlobals } from '../../scripts/build-without-dom.mjs';
import { staticImports } from '../../bench/lib/sizes.mjs';
import { buildWarnings } from '../../scripts/check-quiet-build.mjs';

/** The mappings as [generatedLine, generatedColumn, source, originalLine, originalColumn] rows. */
function decode(mappings) {
  return decodeMappings(mappings).flatMap((segments, line) =>
    segments.filter((segment) => segment.length >= 4).map(([column, source, originalLine, originalColumn]) => [line, column, source, originalLine, originalColumn]),
  );
}

const at = (lines, line, column) => lines[line]?.[column];

describe('build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'agent-chat-build-'));
  after(() => rmSync(outDir, { recursive: true, force: true }));

  it('the Lit CSS minifier maps every kept token to its place in the source', () => {
    const source = [
      "import { css } from 'lit';",
      'export const styles = css`',
      '  /* a comment',
      '     on two lines */',
      '  :host {',
      '    display: block;',
      '  }',
      '`, other = css`a { color: red; }`;',
      'export function tail(value) { return value + 1; }',
      '',
    ].join('\n');
    const result = minifyLitCssIn(source, '/x/src/sample.ts');
    assert.ok(result);
    assert.match(result.code, /css`:host\{display: block\}`, other = css`a\{color: red\}`;\nexport function tail/);
    const original = source.split('\n');
    const generated = result.code.split('\n');
    const rows = decode(result.map.mappings);
    for (const [gl, gc, , ol, oc] of rows) {
      const kept = at(generated, gl, gc) === at(original, ol, oc);
      const replacementStart = at(generated, gl, gc - 1) === '`' && at(original, ol, oc - 1) === '`';
      assert.ok(kept || replacementStart, `segment ${gl}:${gc} → ${ol}:${oc}`);
    }
    // Each word of the last line maps to its own column.
    const last = generated.findIndex((text) => text.startsWith('export function tail'));
    const lastOriginal = original.findIndex((text) => text.startsWith('export function tail'));
    for (const word of ['export', 'function', 'tail', 'value', 'return']) {
      const column = generated[last].indexOf(word);
      assert.ok(
        rows.some(([gl, gc, , ol, oc]) => gl === last && gc === column && ol === lastOriginal && oc === original[lastOriginal].indexOf(word)),
        word,
      );
    }
    assert.equal(minifyLitCssIn('const a = css`:host{display:block}`;', 'x.ts'), null, 'nothing to change, no map');
  });

  it('a Vite build prints no warning and keeps the mappings of the styles', async () => {
    const output = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'], {
        env: { ...process.env, BUILD: 'es', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`vite build exited ${code}\n${text}`))));
    });
    assert.doesNotMatch(output, /SOURCEMAP_BROKEN/);
    assert.doesNotMatch(output, /\[plugin [^\]]+\]/, 'no plugin warnings');
    assert.deepEqual(buildWarnings(output), [], 'the build prints its progress, nothing else');

    // Each font as `new URL('./fonts/…', import.meta.url)`, unmarked (an app's bundler copies it), and the file beside it.
    const fonts = readdirSync(join(outDir, 'fonts')).filter((name) => name.endsWith('.woff2'));
    assert.equal(fonts.length, 20, "KaTeX's 20 faces in fonts/");
    const math = readFileSync(
      join(
        outDir,
        readdirSync(outDir).find((file) => /^math-render-.*\.js$/.test(file)),
      ),
      'utf8',
    );
    for (const font of fonts) assert.match(math, new RegExp(`new URL\\((['"\`])\\./fonts/${font.replace('.', '\\.')}\\1,\\s*import\\.meta\\.url\\)`), font);
    assert.doesNotMatch(math, /@vite-ignore/);

    // Every source file of ours in a map has mappings (Rolldown drops those of a transform without a map).
    const mapped = new Set();
    const listed = new Set();
    for (const name of readdirSync(outDir).filter((file) => file.endsWith('.js.map'))) {
      const map = JSON.parse(readFileSync(join(outDir, name), 'utf8'));
      const ours = map.sources.map((path) => /(^|\/)src\//.test(path) && !path.includes('node_modules'));
      map.sources.forEach((path, index) => ours[index] && listed.add(path.replace(/^.*?src\//, 'src/')));
      for (const [, , source] of decode(map.mappings)) if (ours[source]) mapped.add(map.sources[source].replace(/^.*?src\//, 'src/'));
    }
    assert.ok(listed.has('src/styles/tokens.ts'), 'the shared styles are in the maps (a transform without a map drops them)');
    assert.deepEqual(
      [...listed].filter((path) => !mapped.has(path)),
      [],
      'sources without mappings',
    );

    // Lazy chunks import what they share with the entry from it; the entry imports nothing.
    const entry = readFileSync(join(outDir, 'agent-chat.js'), 'utf8');
    assert.deepEqual(staticImports(entry), [], 'the ES first load is one file');
    const chunks = readdirSync(outDir).filter((file) => file.endsWith('.js') && file !== 'agent-chat.js');
    assert.ok(
      chunks.some((file) => staticImports(readFileSync(join(outDir, file), 'utf8')).includes('./agent-chat.js')),
      'lazy chunks import from the entry',
    );
  });

  it('the DOM stand-ins replace what Lit and our elements read of the DOM as they load, and only where it is missing', () => {
    for (const [module, guarded] of [
      ['lit-html/lit-html.js', 'globalThis.document===void 0?{createTreeWalker:()=>({})}:document,'],
      ['@lit/reactive-element/reactive-element.js', 'extends (globalThis.HTMLElement ?? class {})'],
    ]) {
      const id = join(process.cwd(), 'node_modules', module);
      const result = withoutDomGlobals(readFileSync(id, 'utf8'), id);
      assert.ok(result?.code.includes(guarded), module);
      assert.ok(result.map.mappings.length > 0, `${module} keeps a map`);
      assert.throws(() => withoutDomGlobals('export const nothing = 1;', id), /no longer matches/, `a Lit that reads the DOM otherwise is noticed (${module})`);
    }
    const element = withoutDomGlobals('export class Server extends HTMLElement {\n  static x = 1;\n}\n', '/repo/src/components/server.ts');
    assert.match(element.code, /^export class Server extends \(globalThis\.HTMLElement \?\? class \{\}\) \{/);
    assert.equal(withoutDomGlobals('export class Plain {}', '/repo/src/plain.ts'), null, 'nothing to change, no map');
    assert.equal(withoutDomGlobals('class A extends HTMLElement {}', '/repo/node_modules/other/index.js'), null, 'other packages are left alone');
  });
});
