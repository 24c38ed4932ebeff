/**
 * The CSS parts the inner views draw, in one list: each view's `exportparts` is built from here, so
 * a part a view adds is forwarded all the way up to `agent-chat::part(…)` by adding it once.
 * (The chat's own documentation of every part is the `@csspart` list of `agent-chat.ts`; a test
 * checks the two agree.)
 */

/** An approval, a question form, a request for input (interrupt views). */
export const REQUEST_PART_NAMES = ['approval', 'question-form', 'input-request'] as const;

/** What an MCP tool's result shows (text, media, links, resources). */
export const MCP_CONTENT_PART_NAMES = [
  'mcp-result-text',
  'mcp-result-image',
  'mcp-result-audio',
  'mcp-result-link',
  'mcp-result-resource',
  'mcp-result-download',
  'mcp-result-note',
] as const;

/** A tool card's frame, shared by the lead's cards and the subagents' (where `tool-card` is renamed). */
export const CARD_FRAME_PART_NAMES = ['tool-card-header', 'tool-card-body', 'tool-card-status'] as const;

/** A tool card with everything it may hold (progress, a server's question, the result, an app). */
export const TOOL_CARD_PART_NAMES = [
  'tool-card',
  ...CARD_FRAME_PART_NAMES,
  'tool-progress',
  'tool-cancel',
  'elicitation',
  ...MCP_CONTENT_PART_NAMES,
  'app-frame',
  'app-message',
  'app-source',
  'app-paused',
  'app-pip-handle',
  'app-pip-back',
  'app-pip-close',
  'mcp-sign-in',
  'tool-view',
] as const;

/** What subagents did: the activity, its cards (`activity-card`), its panel, and the requests in it. */
export const ACTIVITY_PART_NAMES = ['activity', 'activity-card', 'activity-panel', ...CARD_FRAME_PART_NAMES, ...REQUEST_PART_NAMES] as const;

/** A message and everything in it. */
export const MESSAGE_PART_NAMES = [
  'message',
  'user-message',
  'message-sender',
  'assistant-message',
  'reasoning',
  'file',
  'sources',
  'error',
  'retry-button',
  'copy-button',
  ...TOOL_CARD_PART_NAMES,
  ...ACTIVITY_PART_NAMES,
  'activity-more',
  'activity-view',
  'state-view',
  'edit-button',
  'regenerate-button',
  'branch-switcher',
  'edit-message',
  'message-attachments',
  'message-attachment',
  'copy-message-button',
  'feedback-button',
] as const;

/** The files waiting to be sent. */
export const ATTACHMENT_PART_NAMES = ['attachments', 'attachment', 'attachment-remove', 'attachment-progress', 'attachment-refusal'] as const;

/** The composer and its tray. */
export const COMPOSER_PART_NAMES = ['composer', 'input', 'send-button', 'stop-button', 'attach-button', ...ATTACHMENT_PART_NAMES] as const;

/** The messages queued while a reply streams, and the notice when a failed or stopped reply paused them. */
export const QUEUE_PART_NAMES = ['queue', 'queued-message', 'queued-remove', 'queue-notice', 'queue-resume'] as const;

/** The list of conversations. */
export const THREAD_LIST_PART_NAMES = ['thread-list', 'thread-item', 'thread-new-button', 'thread-import-button'] as const;

/** An `exportparts` value forwarding `names` (each once, in order); `renamed` maps a part to the name it takes outside. */
export function exportParts(names: readonly string[], renamed: Readonly<Record<string, string>> = {}): string {
  return [...new Set(names)].map((name) => (renamed[name] ? `${name}:${renamed[name]}` : name)).join(', ');
}
