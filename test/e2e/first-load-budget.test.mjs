/**
 * The first load's budget: `dist/agent-chat.js` (everything a page downloads before the chat is
 * drawn) stays within 45 KB (46,080 bytes) gzipped (level 9, as bench/size.mjs measures it). What
 * is not needed for the first screen (the MCP host with its SDK, OAuth and question forms,
 * markdown, storage, the protocols' readers, the English texts of the views that load later)
 * loads later, in chunks of its own. bench/RESULTS.md has the figures behind this number.
 *
 * Run: npm run build && node --test test/e2e/first-load-budget.test.mjs
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { distBuilt } from './mcp-fixtures.mjs';

const BUDGET_BYTES = 46_080;

describe('first-load budget (built bundle)', () => {
  it(`dist/agent-chat.js is at most ${BUDGET_BYTES} bytes gzipped`, (t) => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    const size = gzipSync(readFileSync(new URL('../../dist/agent-chat.js', import.meta.url)), { level: 9 }).length;
    t.diagnostic(`dist/agent-chat.js: ${size} bytes gzipped`);
    assert.ok(size <= BUDGET_BYTES, `${size} bytes gzipped, over the budget of ${BUDGET_BYTES}`);
  });
});
