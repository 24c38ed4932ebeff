/**
 * The docs follow the source: the analyzer runs on `src/` in memory, as `npm run manifest` does, and
 * both `custom-elements.json` and the generated reference tables of `docs/reference.md` must be
 * what it gives now.
 * A failure here is fixed by `npm run build` (or `npm run manifest && node scripts/readme-reference.mjs`).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { before, describe, it } from 'node:test';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { PUBLIC_TAGS } from '../../custom-elements-manifest.config.mjs';
import { REFERENCE_PAGE, fillReference, referenceBlocks, staleTables } from '../../scripts/readme-reference.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path) => readFileSync(new URL(path, new URL('../../', import.meta.url)), 'utf8');
const elements = (manifest) => manifest.modules.flatMap((module) => module.declarations ?? []);
const element = (manifest, tag) => elements(manifest).find((declaration) => declaration.tagName === tag);

describe('docs/reference.md and custom-elements.json', () => {
  let analyzed;
  before(async () => {
    analyzed = await cli({ argv: ['analyze', '--config', 'custom-elements-manifest.config.mjs'], cwd: root, noWrite: true });
  });

  it('custom-elements.json is what the analyzer makes of src/ now', () => {
    assert.ok(existsSync(new URL('../../custom-elements.json', import.meta.url)), 'custom-elements.json exists (npm run manifest)');
    assert.deepEqual(JSON.parse(read('custom-elements.json')), analyzed, 'custom-elements.json is stale: run npm run manifest');
  });

  it('the reference tables of docs/reference.md are generated from the JSDoc', () => {
    assert.equal(REFERENCE_PAGE, 'docs/reference.md');
    const page = read(REFERENCE_PAGE);
    const blocks = referenceBlocks(analyzed);
    assert.equal([...page.matchAll(/<!-- reference:[a-z-]+:start -->/g)].length, blocks.size, 'the page has a marker pair for every table');
    assert.deepEqual(staleTables(page, blocks), [], `these tables of ${REFERENCE_PAGE} are stale: run npm run build`);
    assert.equal(fillReference(page, blocks), page);
  });

  it('the README holds no generated table any more', () => {
    assert.doesNotMatch(read('README.md'), /<!-- reference:/);
  });

  it('keeps only the public elements, each with its whole public API described', () => {
    assert.deepEqual(
      elements(analyzed)
        .map((declaration) => declaration.tagName)
        .sort(),
      [...PUBLIC_TAGS].sort(),
    );
    const chat = element(analyzed, 'agent-chat');
    const send = chat.members.find((member) => member.name === 'send');
    assert.equal(send?.inheritedFrom?.name, 'AgentChatElement', 'the tag inherits the members of its base class');
    for (const tag of PUBLIC_TAGS) {
      const { members, attributes, events = [], cssParts = [], cssProperties = [], slots = [] } = element(analyzed, tag);
      for (const member of members) {
        assert.ok(!/^[#_]/.test(member.name) && (member.privacy ?? 'public') === 'public' && !member.static, `${tag}: ${member.name} is public`);
      }
      for (const item of [...members, ...attributes, ...events, ...cssParts, ...cssProperties, ...slots]) {
        assert.ok(item.description?.trim(), `${tag}: ${item.name || '(default slot)'} has a description`);
      }
    }
  });

  it('every event of <agent-chat> is documented with the detail type of src/events.ts', () => {
    const map = /interface AgentChatEventMap \{([^}]*)\}/.exec(read('src/events.ts'))[1];
    const declared = Object.fromEntries([...map.matchAll(/'([a-z-]+)': (CustomEvent<.+>);/g)].map(([, name, type]) => [name, type]));
    const documented = Object.fromEntries(element(analyzed, 'agent-chat').events.map((event) => [event.name, event.type?.text]));
    assert.ok(Object.keys(declared).length >= 10);
    assert.deepEqual(documented, declared);
  });

  it('table cells stay on one line and escape |', () => {
    const described = (description) => ({ name: 'x', description });
    const manifest = {
      modules: [
        {
          declarations: [
            { tagName: 'agent-chat', attributes: [], members: [], events: [{ ...described('a | b\n  c'), type: { text: "CustomEvent<{ kind: 'a' | 'b' }>" } }] },
            { tagName: 'agent-chat-mcp-server' },
          ],
        },
      ],
    };
    assert.match(referenceBlocks(manifest).get('events'), /^\| `x` \| `\{ kind: 'a' \\\| 'b' \}` \| a \\\| b c \|$/m);
  });

  it('a default given in words moves to the default column; a value in the source stays there', () => {
    const manifest = {
      modules: [
        {
          declarations: [
            {
              tagName: 'agent-chat',
              attributes: [
                { name: 'lang', fieldName: 'lang', description: 'UI language.\nDefault: the nearest `lang` on the page.' },
                { name: 'theme', fieldName: 'theme', description: 'The theme. Default: words that lose to the value.', default: "'auto'" },
              ],
              members: [],
              events: [],
            },
            { tagName: 'agent-chat-mcp-server' },
          ],
        },
      ],
    };
    const rows = referenceBlocks(manifest).get('attributes');
    assert.match(rows, /^\| `lang` \| `lang` \| UI language\. \| the nearest `lang` on the page \|$/m);
    assert.match(rows, /^\| `theme` \| `theme` \| The theme\. Default: words that lose to the value\. \| `auto` \|$/m);
  });
});
