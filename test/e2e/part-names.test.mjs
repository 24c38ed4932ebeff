/**
 * The CSS parts the views forward (one list, `src/internal/part-names.ts`) and the parts the chat
 * documents (`@csspart` on `src/agent-chat/agent-chat.ts`, which the manifest and
 * docs/reference.md are made from) agree: every forwarded part is documented, and every documented part is
 * either forwarded or one the chat draws in its own shadow root. Reads the sources; no build.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');

const { outputText } = ts.transpileModule(read('src/internal/part-names.ts'), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
const partNames = await import(`data:text/javascript,${encodeURIComponent(outputText)}`);

/** Parts the chat element draws itself (header, log, notices, popup chrome…), not forwarded from a view. */
const OWN_PARTS = [
  'base',
  'header',
  'heading',
  'messages',
  'greeting',
  'suggestions',
  'suggestion',
  'mcp-notice',
  'mcp-unreachable',
  'held-notice',
  'threads-button',
  'storage-notice',
  'earlier-button',
  'jump-button',
  'drop-target',
  'launcher',
  'badge',
  'panel',
  'close-button',
];

const documented = [...read('src/agent-chat/agent-chat.ts').matchAll(/@csspart ([\w-]+)/g)].map(([, name]) => name);
const forwarded = new Set(
  Object.entries(partNames)
    .filter(([name]) => name.endsWith('_PART_NAMES'))
    .flatMap(([, names]) => names),
);

describe('the forwarded CSS parts and the documented ones', () => {
  it('reads both lists', () => {
    assert.ok(documented.length > 60, `${documented.length} documented parts read`);
    assert.ok(forwarded.has('send-button') && forwarded.has('mcp-result-image'), 'the forwarded lists were read');
  });

  it('every forwarded part is documented on <agent-chat>', () => {
    assert.deepEqual(
      [...forwarded].filter((name) => !documented.includes(name)),
      [],
    );
  });

  it('every documented part is forwarded from a view or drawn by the chat itself', () => {
    assert.deepEqual(
      documented.filter((name) => !forwarded.has(name) && !OWN_PARTS.includes(name)),
      [],
    );
    assert.deepEqual(
      OWN_PARTS.filter((name) => !documented.includes(name)),
      [],
      'an own part no longer documented',
    );
  });

  it('exportParts forwards each name once, renaming as asked', () => {
    assert.equal(partNames.exportParts(['tool-card', 'tool-card-header', 'tool-card'], { 'tool-card': 'activity-card' }), 'tool-card:activity-card, tool-card-header');
  });
});
