/**
 * The notice of MCP servers to sign in to or out of reach: the texts in the chat's language, else
 * this English, which comes with the MCP notice chunk.
 */
import type { ChatStrings, McpNoticeStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishMcpNoticeTexts: EnglishTexts<McpNoticeStrings> = () => ({
  mcpSignInBlocked: 'The browser blocked the sign-in window. Allow pop-ups for this site, then press the button again.',
  mcpSignInFailed: 'Signing in did not complete. Press the button to try again.',
  mcpUnreachable: 'Its tools are not offered until it answers; it is tried again.',
});

/** The texts for the chat's `strings`: their own, else English. */
export const mcpNoticeTexts = (strings: ChatStrings): McpNoticeStrings => lateTexts(strings, englishMcpNoticeTexts);
