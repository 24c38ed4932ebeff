/**
 * Where there is no DOM (Node, a server-side render), importing the package throws nothing, prints
 * nothing and defines nothing: the built ES entry and the package by name (`import 'agent-chat'`,
 * resolved through package.json's exports from the repository root) in child Node processes, and
 * the classic scripts evaluated in a `vm` context with Node's globals but no document.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';
import vm from 'node:vm';

const ENTRY = 'dist/agent-chat.js';
/** The values `src/index.ts` exports (its types are not there at run time). */
const EXPORTS = ['AgUiTransport', 'AgentChat', 'AgentChatMcpServer', 'AiSdkTransport', 'AskUserDeferred', 'askPerson', 'askUserTool'];

/** Runs `code` as an ES module in a child Node process (cwd: the repository root); resolves with its output. */
function runModule(code) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', code], { cwd: process.cwd(), timeout: 30_000 }, (error, stdout, stderr) => {
      if (error && error.killed) reject(error);
      else resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

/** What a child prints: the DOM globals it saw, the names the module exports and the elements defined. */
const probe = (specifier, { stubRegistry = false } = {}) => `
  const defined = [];
  ${stubRegistry ? 'globalThis.customElements = { define: (name) => defined.push(name), get: () => undefined, whenDefined: () => new Promise(() => {}) };' : ''}
  const dom = ['document', 'window', 'HTMLElement', 'CSSStyleSheet', 'matchMedia'].filter((name) => name in globalThis);
  const module = await import(${JSON.stringify(specifier)});
  console.log(JSON.stringify({ dom, exports: Object.keys(module).filter((name) => module[name] !== undefined).sort(), defined }));
`;

describe('importing without a DOM', () => {
  before(() => assert.ok(existsSync(ENTRY), 'run `npm run build` first'));

  for (const [what, specifier] of [
    ['the built ES entry', pathToFileURL(ENTRY).href],
    ['the package by name', 'agent-chat'],
  ]) {
    it(`${what} imports in Node: no throw, nothing on stderr, the named exports there`, async () => {
      const { code, stdout, stderr } = await runModule(probe(specifier));
      assert.equal(stderr, '');
      assert.equal(code, 0);
      const result = JSON.parse(stdout);
      assert.deepEqual(result.dom, [], 'the child has no DOM globals');
      assert.deepEqual(
        result.exports.filter((name) => EXPORTS.includes(name)),
        [...EXPORTS].sort(),
      );
    });

    it(`${what} defines nothing, even where a customElements registry is given`, async () => {
      const { code, stdout, stderr } = await runModule(probe(specifier, { stubRegistry: true }));
      assert.equal(stderr, '');
      assert.equal(code, 0);
      assert.deepEqual(JSON.parse(stdout).defined, []);
    });
  }

  for (const file of ['dist/agent-chat.iife.js', 'dist/agent-chat.standalone.js']) {
    it(`${file} runs in a vm context with Node's globals and no document: no throw, nothing logged`, () => {
      const context = vm.createContext();
      // Node's own globals (Event, URL, timers…) as they are, getters included; no DOM among them.
      for (const name of Object.getOwnPropertyNames(globalThis)) {
        if (!(name in context)) Object.defineProperty(context, name, Object.getOwnPropertyDescriptor(globalThis, name));
      }
      const logged = [];
      context.console = Object.fromEntries(['log', 'info', 'warn', 'error', 'debug'].map((level) => [level, (...args) => logged.push(`${level}: ${args.join(' ')}`)]));
      assert.equal(vm.runInContext('typeof document', context), 'undefined');
      vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file });
      assert.deepEqual(logged, []);
      if (file.includes('standalone')) assert.deepEqual(Object.keys(vm.runInContext('AgentChat', context)).sort(), [...EXPORTS].sort());
    });
  }
});
