/**
 * The docs hold together: every relative link in README.md, ARCHITECTURE.md, CONTRIBUTING.md and
 * docs/*.md names a file or folder that exists, and every `#anchor` names a heading of its target
 * as GitHub makes its ids (lower case, spaces to `-`, punctuation other than `-` and `_` dropped,
 * inline code's backticks dropped, a repeated heading numbered `-1`, `-2`…). README.md, the front
 * door, stays at most 40,960 bytes. Reads files only: no build, no browser.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const README_LIMIT = 40_960;

/** The Markdown files whose links are checked, relative to the root. */
function docsFiles() {
  const pages = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', ...pages.sort()];
}

/** The text outside fenced code blocks, line by line (fences with ``` or ~~~). */
function proseLines(markdown) {
  const lines = [];
  let fence = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? null : marker;
      continue;
    }
    if (!fence) lines.push(line);
  }
  return lines;
}

/** GitHub's id for a heading's text. */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/`/g, '')
    .replace(/\*\*|__|\*/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The ids a file's headings get, repeats numbered as GitHub numbers them. */
export function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** The targets of a file's links and images, outside code: `[text](target)`, `![alt](target "title")`. */
export function linksOf(markdown) {
  const targets = [];
  for (const line of proseLines(markdown)) {
    const text = line.replace(/(`+)[\s\S]*?\1/g, ''); // inline code is not a link
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(target);
  }
  return targets;
}

const isExternal = (target) => /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//');

/** Each problem with `file`'s relative links, as `file: target (why)`. */
function problemsOf(file) {
  const problems = [];
  const markdown = readFileSync(path.join(ROOT, file), 'utf8');
  for (const target of linksOf(markdown)) {
    if (isExternal(target)) continue;
    const [pathPart, anchor] = target.split('#', 2);
    const resolved = pathPart ? path.normalize(path.join(path.dirname(file), decodeURIComponent(pathPart))) : file;
    if (resolved.startsWith('..')) {
      problems.push(`${file}: ${target} (leaves the repository)`);
      continue;
    }
    if (!existsSync(path.join(ROOT, resolved))) {
      problems.push(`${file}: ${target} (no file ${resolved})`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md') || statSync(path.join(ROOT, resolved)).isDirectory()) {
      problems.push(`${file}: ${target} (an anchor into a file that is not Markdown)`);
      continue;
    }
    const anchors = anchorsOf(readFileSync(path.join(ROOT, resolved), 'utf8'));
    if (!anchors.has(anchor)) problems.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
  }
  return problems;
}

describe('the docs’ links', () => {
  it('makes GitHub’s heading ids', () => {
    assert.equal(slug('The backend: AI SDK (`protocol="ai-sdk"`)'), 'the-backend-ai-sdk-protocolai-sdk');
    assert.equal(slug("Walk 2: an MCP App's tool call, from its frame to the MCP server"), 'walk-2-an-mcp-apps-tool-call-from-its-frame-to-the-mcp-server');
    assert.equal(slug('`<agent-chat-mcp-server>`'), 'agent-chat-mcp-server');
    assert.equal(slug('The full run: `npm test`'), 'the-full-run-npm-test');
    assert.equal(slug('snake_case and dashes - kept'), 'snake_case-and-dashes---kept');
    assert.deepEqual([...anchorsOf('# A\n\n```sh\n# not a heading\n```\n## A\n### B ###\n')], ['a', 'a-1', 'b']);
    assert.deepEqual(linksOf('[a](x.md#y) `[b](no.md)` ![c](d.png "t")\n```\n[e](f.md)\n```\n'), ['x.md#y', 'd.png']);
  });

  it('checks README.md, ARCHITECTURE.md, CONTRIBUTING.md and every page of docs/', () => {
    const files = docsFiles();
    assert.ok(files.length >= 12, `the docs pages are found (${files.join(', ')})`);
    const linked = files.filter((file) => linksOf(readFileSync(path.join(ROOT, file), 'utf8')).some((target) => !isExternal(target)));
    assert.ok(linked.length >= files.length - 1, 'the pages have relative links to check');
  });

  it('every relative link names a file that exists, and every #anchor a heading in it', () => {
    assert.deepEqual(docsFiles().flatMap(problemsOf), []);
  });

  it('every page of docs/ is linked from the README', () => {
    const readme = new Set(linksOf(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).map((target) => target.split('#')[0]));
    const pages = docsFiles().filter((file) => file.startsWith('docs/'));
    assert.deepEqual(
      pages.filter((page) => !readme.has(page)),
      [],
    );
    for (const page of pages) assert.ok(linksOf(readFileSync(path.join(ROOT, page), 'utf8')).includes('../README.md'), `${page} links back to the README`);
  });

  it(`README.md is at most ${README_LIMIT} bytes`, () => {
    const size = statSync(path.join(ROOT, 'README.md')).size;
    assert.ok(size <= README_LIMIT, `README.md is ${size} bytes: move detail into docs/`);
  });
});
