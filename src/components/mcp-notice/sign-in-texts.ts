/**
 * An MCP server's sign-in, in the notice above the composer and in the card of an app that waits
 * for it: the texts in the chat's language, else this English, which comes with the chunk the MCP
 * notice and the app frame share.
 */
import type { ChatStrings, SignInStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishSignInTexts: EnglishTexts<SignInStrings> = () => ({
  mcpSignInNeeded: '“{name}” asks you to sign in to use its tools.',
  mcpSignIn: 'Sign in to {name}',
});

/** The texts for the chat's `strings`: their own, else English. */
export const signInTexts = (strings: ChatStrings): SignInStrings => lateTexts(strings, englishSignInTexts);
