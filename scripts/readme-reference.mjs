/**
 * The reference tables of `docs/reference.md`, generated from `custom-elements.json` (which the
 * analyzer makes from the JSDoc): `npm run build` runs this right after the manifest. Each table
 * sits between `<!-- reference:NAME:start -->` and `<!-- reference:NAME:end -->`; the prose around
 * the tables is the page's own. `test/e2e/readme-reference.test.mjs` fails when docs/reference.md
 * is not up to date. (The file keeps its old name: the tables used to live in the README.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A table cell: on one line, with `|` escaped (also inside code, as GitHub's tables need). */
const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');
const code = (text) => `\`${text}\``;
const none = '–';

function table(header, rows) {
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** A type as the page reads it: `string | undefined` is an optional `string`. */
const typeText = (type) => (type?.text ? code(type.text.replace(/ \| undefined$/, '')) : none);

/** A default as written in the source (`'ag-ui'`) or an `@attr [name=value]`: the value itself. */
function defaultText(value) {
  if (value === undefined) return none;
  const quoted = /^(['"])(.*)\1$/.exec(value);
  if (quoted) return quoted[2] ? code(quoted[2]) : code('""');
  return code(value);
}

/** What a method does, then what its parameters are, where the JSDoc says. */
function methodText(method) {
  const parameters = (method.parameters ?? []).filter((parameter) => parameter.description);
  return [method.description, ...parameters.map((parameter) => `${code(parameter.name)}: ${parameter.description}`)].filter(Boolean).join(' ');
}

const signature = (method) =>
  code(`${method.name}(${(method.parameters ?? []).map((parameter) => `${parameter.name}${parameter.optional || parameter.default !== undefined ? '?' : ''}`).join(', ')})`);

/** `CustomEvent<AgentChatSendDetail>` → `AgentChatSendDetail`. */
const detailType = (event) => code(/^CustomEvent<(.+)>$/.exec(event.type?.text ?? '')?.[1] ?? event.type?.text ?? 'Event');

/** A default the JSDoc gives in words, as its last sentence ("Default: the nearest `lang`."), moved to the default column. */
function withDefault(description = '', value) {
  const words = value === undefined ? /\s*Default: (.+?)\.?$/s.exec(description) : null;
  return words ? [description.slice(0, words.index), words[1]] : [description, defaultText(value)];
}

const attributesTable = (element) =>
  table(
    ['attribute', 'property', 'meaning', 'default'],
    element.attributes.map((attribute) => [code(attribute.name), attribute.fieldName ? code(attribute.fieldName) : none, ...withDefault(attribute.description, attribute.default)]),
  );

const propertiesTable = (element) =>
  table(
    ['property', 'type', 'meaning'],
    element.members.filter((member) => member.kind === 'field' && !member.attribute).map((field) => [code(field.name), typeText(field.type), field.description]),
  );

const methodsTable = (element) =>
  table(
    ['method', 'returns', 'does'],
    element.members.filter((member) => member.kind === 'method').map((method) => [signature(method), typeText(method.return?.type), methodText(method)]),
  );

const eventsTable = (element) =>
  table(
    ['event', '`detail`', 'when'],
    element.events.map((event) => [code(event.name), detailType(event), event.description]),
  );

const partsTable = (element) =>
  table(
    ['part', 'what'],
    element.cssParts.map((part) => [code(part.name), part.description]),
  );

const cssPropertiesTable = (element) =>
  table(
    ['property', 'default', 'what'],
    element.cssProperties.map((property) => [code(property.name), defaultText(property.default), property.description]),
  );

const slotsTable = (element) =>
  table(
    ['slot', 'what'],
    element.slots.map((slot) => [slot.name ? code(slot.name) : '(default)', slot.description]),
  );

/** Every generated block: its marker name, the element it documents and its table. */
const BLOCKS = [
  ['attributes', 'agent-chat', attributesTable],
  ['properties', 'agent-chat', propertiesTable],
  ['methods', 'agent-chat', methodsTable],
  ['events', 'agent-chat', eventsTable],
  ['css-parts', 'agent-chat', partsTable],
  ['css-properties', 'agent-chat', cssPropertiesTable],
  ['slots', 'agent-chat', slotsTable],
  ['mcp-server-attributes', 'agent-chat-mcp-server', attributesTable],
  ['mcp-server-properties', 'agent-chat-mcp-server', propertiesTable],
  ['mcp-server-methods', 'agent-chat-mcp-server', methodsTable],
];

/** The element declaration of a tag, with its lists present even when empty. */
function elementOf(manifest, tag) {
  const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === tag);
  if (!element) throw new Error(`custom-elements.json has no <${tag}>: run \`npm run manifest\`.`);
  return { attributes: [], members: [], events: [], cssParts: [], cssProperties: [], slots: [], ...element };
}

/** The tables, by marker name. */
export function referenceBlocks(manifest) {
  return new Map(BLOCKS.map(([name, tag, render]) => [name, render(elementOf(manifest, tag))]));
}

const MARKER = /<!-- reference:([a-z-]+):(start|end) -->/g;

/** The page the tables live in, relative to the repository's root. */
export const REFERENCE_PAGE = 'docs/reference.md';

/** Where a block's table goes: between the end of its start marker and its end marker. */
function span(page, name) {
  const start = `<!-- reference:${name}:start -->`;
  const end = `<!-- reference:${name}:end -->`;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from || page.indexOf(start, from + 1) >= 0) throw new Error(`${REFERENCE_PAGE} needs exactly one ${start} … ${end} pair.`);
  return { from: from + start.length, to };
}

/** Every marker must name a table this script makes. */
function checkMarkers(page, blocks) {
  for (const [, name] of page.matchAll(MARKER)) {
    if (!blocks.has(name)) throw new Error(`${REFERENCE_PAGE} has a marker for an unknown table "${name}".`);
  }
}

// Blank lines around the table: no renderer may read a marker as one of its rows.
const framed = (body) => `\n\n${body}\n\n`;

/** The reference page's text with each block's table put between its markers. */
export function fillReference(page, blocks) {
  checkMarkers(page, blocks);
  let filled = page;
  for (const [name, body] of blocks) {
    const { from, to } = span(filled, name);
    filled = `${filled.slice(0, from)}${framed(body)}${filled.slice(to)}`;
  }
  return filled;
}

/** The names of the tables the reference page does not have as they are generated now. */
export function staleTables(page, blocks) {
  checkMarkers(page, blocks);
  return [...blocks]
    .filter(([name, body]) => {
      const { from, to } = span(page, name);
      return page.slice(from, to) !== framed(body);
    })
    .map(([name]) => name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL('..', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
  const pageUrl = new URL(REFERENCE_PAGE, root);
  const page = readFileSync(pageUrl, 'utf8');
  const blocks = referenceBlocks(manifest);
  const filled = fillReference(page, blocks);
  // `npm test` builds with README_REFERENCE=check (the variable's name is older than the page):
  // the page as committed is what its test checks.
  if (filled !== page && process.env.README_REFERENCE === 'check') {
    console.log(`${REFERENCE_PAGE}: stale reference tables (${staleTables(page, blocks).join(', ')}); npm run build writes them`);
  } else if (filled !== page) {
    writeFileSync(pageUrl, filled);
    console.log(`${REFERENCE_PAGE}: reference tables updated from custom-elements.json`);
  }
}
