/**
 * The layers of `src/` hold: every import of every source file is read (the TypeScript compiler's
 * own parser) and checked against the rules ARCHITECTURE.md gives. An `import type` costs nothing at
 * run time and is allowed anywhere (`import { type A }` is not one: the build keeps it as an import
 * of the module).
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = path.join(ROOT, 'src');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every relative import of `file` that is there at run time (static, re-export or `import()`), as a path under src/. */
export function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (specifier) => {
    if (!specifier.startsWith('.')) return;
    found.push(
      path
        .relative(SRC, path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')))
        .split(path.sep)
        .join('/'),
    );
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import type` is erased; `import { type A }` stays as an import of the module (verbatimModuleSyntax).
      const typeOnly = node.importClause?.isTypeOnly;
      if (!typeOnly) add(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) add(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(SRC).map((file) => ({ name: path.relative(SRC, file).split(path.sep).join('/'), imports: runtimeImports(file) }));
const folderOf = (name) => (name.includes('/') ? name.slice(0, name.indexOf('/')) : '');

/** `from → to` for each run-time import breaking `allowed(from, to)`. */
function breaches(applies, allowed) {
  return files.filter(({ name }) => applies(name)).flatMap(({ name, imports }) => imports.filter((to) => !allowed(name, to)).map((to) => `${name} → ${to}`));
}

describe('the layers of src/ (run-time imports)', () => {
  it('reads the imports it checks (a file known to import another is seen to)', () => {
    const element = files.find(({ name }) => name === 'agent-chat/agent-chat-element.ts');
    assert.ok(element?.imports.includes('conversation/public-turns.ts'), 'the element’s imports were not read');
    assert.ok(files.length > 200, `only ${files.length} files read`);
  });

  it('the conversation model (conversation/) imports only itself and internal/', () => {
    assert.deepEqual(
      breaches(
        (name) => folderOf(name) === 'conversation',
        (_from, to) => ['conversation', 'internal'].includes(folderOf(to)),
      ),
      [],
    );
  });

  it('only protocol/ knows a wire: nothing outside it imports protocol/ag-ui/ or protocol/ai-sdk/', () => {
    const wire = /^protocol\/[^/]+\//;
    assert.deepEqual(
      breaches(
        (name) => folderOf(name) !== 'protocol',
        (_from, to) => !wire.test(to),
      ),
      [],
    );
  });

  it('views (components/) import nothing of storage/', () => {
    assert.deepEqual(
      breaches(
        (name) => folderOf(name) === 'components',
        (_from, to) => folderOf(to) !== 'storage',
      ),
      [],
    );
  });

  it('the element (agent-chat/) is imported only by itself and the entry points', () => {
    assert.deepEqual(
      breaches(
        (name) => folderOf(name) !== 'agent-chat' && name.includes('/'),
        (_from, to) => folderOf(to) !== 'agent-chat',
      ),
      [],
    );
  });

  it('the thread store server (server/) runs in Node: nothing of the widget imports it, and it imports only itself and the wire it shares (storage/sync-wire.ts)', () => {
    assert.deepEqual(
      breaches(
        (name) => folderOf(name) !== 'server',
        (_from, to) => folderOf(to) !== 'server',
      ),
      [],
    );
    assert.deepEqual(
      breaches(
        (name) => folderOf(name) === 'server',
        (_from, to) => folderOf(to) === 'server' || to === 'storage/sync-wire.ts',
      ),
      [],
    );
  });
});
