/**
 * An MCP app in its card: the texts in the chat's language, else this English, which comes with the
 * app frame chunk.
 */
import type { ChatStrings, AppFrameStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishAppFrameTexts: EnglishTexts<AppFrameStrings> = () => ({
  appLoading: 'Loading the app…',
  appUnavailable: 'The app cannot be shown',
  appAsk: 'The app wants to run {tool}',
  appAllow: 'Allow',
  appRefuse: 'Refuse',
  appFullScreen: 'Full screen',
  appExitFullScreen: 'Exit full screen',
  appPane: 'Keep in view',
  appBackToCard: 'Back into the conversation',
  appInPane: 'This app floats over the conversation, in view while you scroll.',
  appPipMove: 'Move the app',
  appPipMoveHint: 'Drag it, or use the arrow keys (with Shift, further). Escape puts it back into its card.',
  appPipClose: 'Close the floating view',
  appLeftItsPage: 'The app left its page, so it was stopped.',
  appClosed: 'The app closed.',
  appAskFullScreen: 'The app wants to go full screen',
  appAskOpenLink: 'The app wants to open {host} in a new tab',
  appAskDownload: 'The app wants to download {name}',
  appMessageProposal: 'The app “{app}” wants to send:',
  appMessageSend: 'Send',
  appMessageDiscard: 'Discard',
  appFromFile: 'This card came from an imported file. Its app runs only when this page’s own server “{source}” gives it again',
  appReopened: 'Shown as it first opened: what was done in the app since is not kept.',
  appSource: 'App from “{source}”',
  appPaused: 'Paused: the app from “{source}” kept taking the keyboard focus.',
  appResume: 'Resume the app',
  appWaitsForServer: 'The app is shown once “{source}” can be reached again.',
});

/** The texts for the chat's `strings`: their own, else English. */
export const appFrameTexts = (strings: ChatStrings): AppFrameStrings => lateTexts(strings, englishAppFrameTexts);
