/**
 * The views of a reply's tool calls: the tool card (with its result view) and a subagent's
 * activity block. A chunk of their own, loaded on first need (`tool-views-loader.ts`): a first
 * screen of plain messages draws none.
 */
import '../tool-card/tool-card.js';
import '../activity/activity.js';
