/**
 * The views under a finished reply: its actions (Copy, feedback) and its sources. A chunk of
 * their own, loaded on first need (`reply-extras-loader.ts`): a reply streaming draws neither.
 */
import './reply-actions.js';
import './sources-list.js';
