import { onFirstNeed } from '../../internal/lazy.js';

/** The app frame is loaded on first need: only cards with an MCP App show one. */
export const loadAppFrame = onFirstNeed(() => import('./app-frame.js'), 'the MCP App frame');
