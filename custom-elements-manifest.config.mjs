/**
 * The custom-elements manifest (`npm run manifest` → `custom-elements.json`): all of `src/` is
 * analyzed, so that `<agent-chat>` inherits what its unregistered base class declares, and only the
 * public elements are kept — with their public members, not the inner elements or private state.
 */
import { posix } from 'node:path';

/** The tags the package documents; every other element is the widget's own inside. */
export const PUBLIC_TAGS = ['agent-chat', 'agent-chat-mcp-server'];

/** Names the page never calls: Lit's and the platform's own. */
const NOT_PUBLIC = new Set(['render', 'styles', 'observedAttributes', 'attributeChangedCallback', 'connectedCallback', 'disconnectedCallback']);

/**
 * The elements register with `define(tag, Class)` (`src/internal/define.ts`), which the analyzer
 * does not know: each such call becomes the module's custom-element definition, as
 * `customElements.define` would.
 */
function defineCalls() {
  return {
    name: 'agent-chat: define() calls',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'define') return;
      const [tag, element] = node.arguments;
      if (!tag || !ts.isStringLiteral(tag) || !element || !ts.isIdentifier(element)) return;
      moduleDoc.exports = [...(moduleDoc.exports ?? []), { kind: 'custom-element-definition', name: tag.text, declaration: { name: element.text, module: moduleDoc.path } }];
    },
  };
}

const isPublicMember = (member) => !member.static && !NOT_PUBLIC.has(member.name) && (member.privacy ?? 'public') === 'public' && !/^[#_]/.test(member.name);

/**
 * An element's public members, its attributes, and the events its JSDoc names (`@fires`): an
 * event the analyzer only saw dispatched, undocumented, is a signal between the widget's own parts.
 */
function publicApiOnly(element) {
  element.members = (element.members ?? []).filter(isPublicMember);
  const fields = new Map(element.members.map((member) => [member.name, member]));
  element.attributes = (element.attributes ?? []).filter((attribute) => !attribute.fieldName || fields.has(attribute.fieldName));
  // An `@attr` read through an accessor of the same name (`get name()`) is that property's attribute.
  for (const attribute of element.attributes) {
    const field = fields.get(attribute.name);
    if (attribute.fieldName || field?.kind !== 'field' || field.attribute) continue;
    attribute.fieldName = field.name;
    field.attribute = attribute.name;
  }
  element.events = (element.events ?? []).filter((event) => event.description);
}

/** The module an export points at, as a manifest path (`./a/b.js` from `src/index.ts` → `src/a/b.ts`). */
function exportedFrom(module, entry) {
  const target = entry.declaration?.module ?? module.path;
  if (!target.startsWith('.')) return target.replace(/^\//, '');
  return posix.join(posix.dirname(module.path), target).replace(/\.js$/, '.ts');
}

/**
 * Keeps the modules of the public elements (only those elements in them) and the modules that
 * export them, such as the package entry (only those exports).
 */
function publicElementsOnly() {
  return {
    name: 'agent-chat: public elements only',
    packageLinkPhase({ customElementsManifest }) {
      const kept = new Set();
      for (const module of customElementsManifest.modules) {
        module.declarations = (module.declarations ?? []).filter((declaration) => PUBLIC_TAGS.includes(declaration.tagName));
        for (const element of module.declarations) {
          publicApiOnly(element);
          kept.add(`${module.path}#${element.name}`);
        }
      }
      for (const module of customElementsManifest.modules) {
        module.exports = (module.exports ?? []).filter((entry) => kept.has(`${exportedFrom(module, entry)}#${entry.declaration?.name}`));
      }
      customElementsManifest.modules = customElementsManifest.modules.filter((module) => module.declarations.length || module.exports.length);
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts'],
  litelement: true,
  // package.json already names the manifest; the analyzer must not rewrite it.
  packagejson: false,
  quiet: true,
  plugins: [defineCalls(), publicElementsOnly()],
};
