import { onFirstNeed } from '../../internal/lazy.js';

/** The sign-in notice is loaded when a server first asks the person to sign in. */
export const loadMcpNotice = onFirstNeed(() => import('./mcp-notice.js'), 'the MCP sign-in notice');
