import { define } from '../internal/define.js';
import { base, tokens } from '../styles/tokens.js';
import { visibleControls } from '../styles/visible-controls.js';
import { AgentChatElement } from './agent-chat-element.js';
import { agentChatStyles } from './agent-chat.styles.js';
import { embedStyles } from './embed.styles.js';

export type { AppendAppCardOptions } from './app-card-reply.js';

/**
 * @summary A chat with an agent backend (AG-UI 1.0 or the AI SDK's UI message stream): streams
 * replies as markdown, shows tool calls as cards, and lets the person stop and retry.
 *
 * @csspart base - The whole widget.
 * @csspart header - The header bar: the heading, and the conversations button when conversations are stored.
 * @csspart heading - The title in the header bar (`heading`).
 * @csspart messages - The scrolling log (`role="log"`, `aria-live="polite"`).
 * @csspart greeting - The greeting shown above the conversation.
 * @csspart message - Every message; also `user-message` or `assistant-message`.
 * @csspart user-message - A message of the person.
 * @csspart message-attachments - The files sent with the person's message (a list, above its text).
 * @csspart message-attachment - One sent file: an image's thumbnail (opens it in full in a new tab), else a chip with its name, kind and size.
 * @csspart assistant-message - A reply of the agent.
 * @csspart reasoning - The folded reasoning of a reply.
 * @csspart file - A file of a reply (AI SDK `file` parts): an image, a link or a download.
 * @csspart sources - The sources a reply cites (AI SDK `source-url` / `source-document`, AG-UI `CUSTOM
 *   agent-chat.sources`): a collapsed list with their count; links open in a new tab.
 * @csspart copy-message-button - Copy on a finished reply: its own text as markdown (not subagents', not tool cards).
 * @csspart feedback-button - (`feedback`) Thumbs up and thumbs down on a finished reply (`aria-pressed`).
 * @csspart suggestions - The group of suggested prompts: starters on an empty conversation, or the
 *   backend's follow-ups under the last reply until the person sends.
 * @csspart suggestion - One suggested prompt's button, showing its label only (direction controls in it
 *   shown as `⟨RLO⟩` and the like). A follow-up whose prompt differs from its label fills the composer instead of sending.
 * @csspart tool-card - A tool call card. Cards with an app or a request start open; a request waiting
 *   for the person stays shown while the card is folded.
 * @csspart tool-card-header - A tool card's toggle button (`aria-expanded` and the arrow say whether the body shows).
 * @csspart tool-card-body - A tool card's body: the call's app, its questions or approval once answered,
 *   arguments, result, error.
 * @csspart tool-card-status - A tool card's status label.
 * @csspart tool-view - A tool card's body as the page draws it (`toolDisplay[name].render`, a page tool's `render`).
 * @csspart tool-progress - While an MCP call runs: its progress bar (a `<progress>`, without a value until
 *   the server reports one), the server's message, and Cancel; shown even while the card is folded.
 * @csspart tool-cancel - Cancel on a running MCP call: the server is told (`notifications/cancelled`) and
 *   the model gets "cancelled" as the call's error.
 * @csspart elicitation - In a tool card: what the MCP server asked of the person during the call — a form
 *   (Submit, Decline, Cancel) or a page to open, its host shown plainly (Open, Decline, Cancel) — and the answer.
 * @csspart mcp-result-text - In the card of a call run on an MCP server of the page: a text of its result
 *   (as any tool result: markdown, JSON, sanitized HTML; cut after 100,000 characters).
 * @csspart mcp-result-image - An image of an MCP call's result, from its own bytes (PNG, JPEG, GIF, WebP or
 *   AVIF up to 5 MB; through the `images` policy and its size bounds). Others are offered as downloads.
 * @csspart mcp-result-audio - The audio player (`<audio controls>`) of an MCP call's audio (up to 5 MB).
 * @csspart mcp-result-link - A resource link of an MCP call's result: its name — a link opening in a new tab
 *   for http(s) addresses (with `agent-chat-open-link`, and its host beside it), else with its address as
 *   text — its description, type and size.
 * @csspart mcp-result-resource - A resource embedded in an MCP call's result: its address and type, then its
 *   text as a code block highlighted by its type, or its download.
 * @csspart mcp-result-download - Saves a file of an MCP call's result (a binary resource, or media not shown
 *   inline) as bytes (`application/octet-stream`), whatever type the server gave it.
 * @csspart mcp-result-note - In place of MCP content that is not shown: too large, not valid base64, of an
 *   unknown type, a cut text, or past the first 50 items.
 * @csspart mcp-notice - Above the composer: each MCP server that asks the person to sign in, then each that cannot be reached now.
 * @csspart mcp-sign-in - "Sign in to NAME", above the composer and in the card of an app whose server asks for it: the only way a server's authorization window opens.
 * @csspart mcp-unreachable - In the MCP notice: a server that cannot be reached now, why, and that its tools are not offered meanwhile (it is tried again).
 * @csspart activity - What one subagent did in a reply: its block.
 * @csspart activity-card - Each tool call a subagent made.
 * @csspart activity-panel - The panel with a subagent's whole conversation in the reply, opened from its block.
 * @csspart activity-more - "N more calls not shown", past `activity-limit`.
 * @csspart activity-view - An AG-UI activity of the reply as the page draws it (`activityRenderers`).
 * @csspart state-view - The agent's shared state under the reply that changed it, as the page draws it (`stateRenderer`).
 * @csspart app-frame - An MCP App in its card (toolbar, Allow / Refuse prompts, iframe), or the notice
 *   when it cannot be shown.
 * @csspart app-message - A message an MCP App proposes to send, with Send and Discard.
 * @csspart app-source - The name of an MCP App's source (its server), always shown above the app, outside
 *   its frame; direction controls in it shown as `⟨RLO⟩` and the like.
 * @csspart app-paused - The notice of an MCP App paused for taking the keyboard focus, with Resume.
 * @csspart app-pip-handle - An MCP App kept in view (floating over the conversation): the handle on its bar that moves
 *   it (drag the bar, or arrow keys on the handle; Shift for bigger steps).
 * @csspart app-pip-back - A floating MCP App's button that puts it back into its card and brings the card into view.
 * @csspart app-pip-close - A floating MCP App's close button: the app goes back into its card and keeps running.
 * @csspart message-sender - "Sent by the app …" above a message an app sent (`ui/message`).
 * @csspart question-form - The agent's questions (`ask_user`, or an `ask_user` interrupt) in their card,
 *   and the answers once given.
 * @csspart approval - A request to approve a tool call (Approve, Deny with a reason, Edit arguments) or
 *   to confirm, and its outcome.
 * @csspart input-request - A form the agent asked to be filled in, built from the interrupt's `responseSchema`.
 * @csspart held-notice - "The agent is waiting for your answer above": shown when the person sends while
 *   the agent's requests wait.
 * @csspart threads-button - The header button that shows or hides the list of conversations (with storage).
 * @csspart thread-list - The list of conversations.
 * @csspart thread-item - One conversation in the list, with Rename, Export and Delete.
 * @csspart thread-new-button - "New conversation".
 * @csspart thread-import-button - "Import…": a conversation from an exported file.
 * @csspart storage-notice - Why conversations cannot be saved, with Export and Dismiss.
 * @csspart earlier-button - "Show N earlier messages" atop a long conversation (also drawn when the
 *   person scrolls up).
 * @csspart edit-button - Edit on the person's message.
 * @csspart edit-message - The person's message, opened for editing.
 * @csspart regenerate-button - Regenerate on the last reply.
 * @csspart branch-switcher - "‹ 2 / 3 ›" between the versions of a message.
 * @csspart error - The error on a failed reply, and the configuration notice.
 * @csspart retry-button - Retry on a failed or stopped reply.
 * @csspart copy-button - Copy on a code block.
 * @csspart jump-button - "Jump to latest", when the person scrolled up and more arrived.
 * @csspart queue - Above the composer: the messages sent while a reply streams (a labelled list, scrolling
 *   past a few), one sent as each reply ends well, and the notice when a failed or stopped reply holds them.
 * @csspart queued-message - A queued message: its text (two lines at most shown) and Remove.
 * @csspart queued-remove - A queued message's Remove ("Remove queued message: …"); the keyboard goes to the next one's, else the composer.
 * @csspart queue-notice - In the queue: the reply failed or was stopped, so the messages were not sent (`role="status"`).
 * @csspart queue-resume - "Send now" in the queue's notice: the first goes now, the others one per reply.
 * @csspart composer - The input row.
 * @csspart input - The composer's text area.
 * @csspart send-button - Send; while a reply streams it queues the text (beside Stop), files wait until the reply ends.
 * @csspart stop-button - Stop (while a reply streams, or Send waits for uploads: then it gives up waiting).
 * @csspart attach-button - (`attachments`) Picks files to attach (a hidden `<input type="file" multiple>` with `accept`).
 * @csspart attachments - (`attachments`) The tray above the text area: the files about to be sent, and the ones refused.
 * @csspart attachment - A file in the tray: a picture of an image, its name and size, upload progress, remove.
 * @csspart attachment-remove - A file's remove button (named after the file; aborts its upload).
 * @csspart attachment-progress - A file's upload progress (`<progress>`, while `uploadFile` runs).
 * @csspart attachment-refusal - Why a file was not attached (its type, size, one too many, the upload failed), with Dismiss.
 * @csspart drop-target - (`attachments`) Over the whole chat while files are dragged over it.
 * @csspart launcher - (popup, sidebar) The round button that opens the panel (`aria-expanded`); a popup's
 *   also closes it.
 * @csspart badge - (popup, sidebar) On the launcher: replies that finished while the panel was closed.
 * @csspart panel - (popup, sidebar) The floating or docked panel holding the chat (`role="dialog"`).
 * @csspart close-button - (popup, sidebar) The panel's close button, at the end of the header.
 *
 * @cssproperty [--agent-chat-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Text font: the system UI font.
 * @cssproperty [--agent-chat-font-family-mono=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Code font: the system monospace font.
 * @cssproperty [--agent-chat-font-size=15px] - Base text size.
 * @cssproperty [--agent-chat-color-background=light-dark(#ffffff, #17181c)] - Background.
 * @cssproperty [--agent-chat-color-surface=light-dark(#f4f5f7, #22242a)] - Header, card headers.
 * @cssproperty [--agent-chat-color-text=light-dark(#1d1f24, #e8e9ec)] - Text.
 * @cssproperty [--agent-chat-color-text-muted=light-dark(#5d6270, #a3a8b5)] - Secondary text.
 * @cssproperty [--agent-chat-color-border=light-dark(#dcdfe5, #363a44)] - Borders.
 * @cssproperty [--agent-chat-color-accent=light-dark(#2f5bd3, #7fa2ff)] - Buttons, links, focus rings.
 * @cssproperty [--agent-chat-color-accent-text=light-dark(#ffffff, #0f1320)] - Text on the accent colour.
 * @cssproperty [--agent-chat-color-user-bubble=light-dark(#2f5bd3, #3b5fc4)] - The person's message bubble.
 * @cssproperty [--agent-chat-color-user-text=#ffffff] - Text in the person's bubble.
 * @cssproperty [--agent-chat-color-error=light-dark(#b42318, #ff8a80)] - Error text.
 * @cssproperty [--agent-chat-color-error-surface=light-dark(#fdecea, #3a1f1f)] - Error background.
 * @cssproperty [--agent-chat-color-code-background=light-dark(#f0f2f5, #111216)] - Code background.
 * @cssproperty [--agent-chat-code-keyword=light-dark(#a0208a, #e39cf5)] - Highlighted code: keywords, literals, tag names.
 * @cssproperty [--agent-chat-code-string=light-dark(#17703a, #8fd6a0)] - Highlighted code: strings, regular expressions, added lines.
 * @cssproperty [--agent-chat-code-comment=light-dark(#636975, #9299a6)] - Highlighted code: comments (italic).
 * @cssproperty [--agent-chat-code-number=light-dark(#a14800, #f2ad72)] - Highlighted code: numbers, list bullets.
 * @cssproperty [--agent-chat-code-function=light-dark(#2553b8, #8cb0ff)] - Highlighted code: function and other titles, headings, CSS selectors.
 * @cssproperty [--agent-chat-code-type=light-dark(#0c6e7e, #62d0dc)] - Highlighted code: types, built-ins, class names.
 * @cssproperty [--agent-chat-code-attribute=light-dark(#b02a37, #f59b8f)] - Highlighted code: attributes, properties, variables, keys.
 * @cssproperty [--agent-chat-code-meta=light-dark(#7a5a00, #dcc46c)] - Highlighted code: decorators, preprocessor lines, links.
 *   Removed lines of a diff take `--agent-chat-color-error`; every default is ≥ 4.5:1 on the code background.
 * @cssproperty [--agent-chat-radius=12px] - Corner radius.
 * @cssproperty [--agent-chat-spacing=12px] - Base spacing.
 * @cssproperty [--agent-chat-max-width=760px] - Width of the message column.
 * @cssproperty [--agent-chat-height=min(640px, 100dvh)] - The element's height when the page gives it none
 *   (a `height` set by the page wins; `100%` fills a sized container).
 * @cssproperty [--agent-chat-app-max-height=640px] - Tallest an MCP App grows inside its card.
 * @cssproperty [--agent-chat-panel-width=400px] - (popup, sidebar) The panel's width (full screen below 640 px).
 * @cssproperty [--agent-chat-panel-height=640px] - (popup) The panel's height, at most the viewport's less the launcher.
 * @cssproperty [--agent-chat-z-index=2147483000] - (popup, sidebar) Stacking of the launcher and the panel over the page.
 * @cssproperty [--agent-chat-launcher-offset=20px] - (popup, sidebar) The launcher's distance from the viewport's edges.
 *
 * @fires {CustomEvent<Record<string, never>>} agent-chat-ready - The first render is done (`detail` is `{}`).
 * @fires {CustomEvent<AgentChatSendDetail>} agent-chat-send - `{ text, threadId, attachments, source? }`: the person (or
 *   `send()`) sends — or an app, with the person's consent or the page's trust: then
 *   `source = { kind: 'app', server, instanceId, title }`. `attachments` lists the files sent with it,
 *   `{ name, size, type }[]` (empty when none; `text` may be empty when there are files). Sent while a
 *   reply streams, the message is queued: the event fires then, not again when it goes. **Cancelable**
 *   (nothing is sent or queued; the text and the files stay in the composer).
 * @fires {CustomEvent<AgentChatResponseStartDetail>} agent-chat-response-start - `{ runId, threadId }`: a reply starts.
 * @fires {CustomEvent<AgentChatResponseEndDetail>} agent-chat-response-end - `{ runId, threadId, status:
 *   'done' | 'error' | 'cancelled', text }`: a reply ended, once its last state is drawn.
 * @fires {CustomEvent<AgentChatErrorDetail>} agent-chat-error - `{ kind: 'http' | 'network' | 'protocol' |
 *   'backend' | 'config', message, code?, status?, runId? }`: a reply failed, or the configuration is wrong.
 * @fires {CustomEvent<AgentChatToolCallDetail>} agent-chat-tool-call - `{ toolCallId, name, arguments, runId }`:
 *   the agent called a tool (arguments complete); once per call.
 * @fires {CustomEvent<AgentChatOpenLinkDetail>} agent-chat-open-link - `{ url }`: a link in a reply is clicked,
 *   or an app asks to open one (`ui/open-link`). **Cancelable** (prevents it).
 * @fires {CustomEvent<AgentChatAppCallDetail>} agent-chat-app-call - `{ name, arguments, source, instanceId,
 *   allowed, error? }`: an app's page called a tool; whether it went through, and why not.
 * @fires {CustomEvent<AgentChatDownloadDetail>} agent-chat-download - `{ name, mimeType, size, source }`: an app
 *   saves a file (`ui/download-file`) after the person's gesture in it; once per file, before any is saved. `source
 *   = { kind: 'app', server, instanceId, title }`. **Cancelable** (nothing of that request is saved; the app is told the
 *   page declined).
 * @fires {CustomEvent<AgentChatThreadChangeDetail>} agent-chat-thread-change - `{ threadId, reason: 'new' |
 *   'open' | 'deleted' | 'synced' }`: another conversation is shown (or another tab changed the one shown);
 *   a long one, once all of it is read.
 * @fires {CustomEvent<AgentChatStorageErrorDetail>} agent-chat-storage-error - `{ kind: 'unavailable' |
 *   'blocked' | 'quota' | 'invalid' | 'signed-out' | 'failed', message, threadId? }`: conversations cannot be saved (or an
 *   import was refused, or the conversation server refused the person); the chat goes on, and a notice offers Export.
 * @fires {CustomEvent<AgentChatSyncDetail>} agent-chat-sync - (`storage="remote"`) `{ status: 'synced' | 'pending' |
 *   'offline' | 'error', pending, message? }`: how the conversations stand with the server; `pending` counts those
 *   with changes not there yet.
 * @fires {CustomEvent<AgentChatAttachmentRejectedDetail>} agent-chat-attachment-rejected - `{ name, size, type,
 *   reason: 'type' | 'size' | 'count' | 'upload' }`: a file was not attached (not in `accept`, over
 *   `max-file-size`, over `max-files`, or `uploadFile` failed); the tray says why until dismissed.
 * @fires {CustomEvent<AgentChatMcpStatusDetail>} agent-chat-mcp-status - An MCP server's status changed (`{ name, status, error? }`); sent from its `<agent-chat-mcp-server>` when it has one.
 * @fires {CustomEvent<AgentChatOpenChangeDetail>} agent-chat-open-change - `{ open, reason: 'launcher' |
 *   'close-button' | 'escape' | 'outside' | 'method' }`: (popup, sidebar) the panel opened or closed.
 * @fires {CustomEvent<AgentChatFeedbackDetail>} agent-chat-feedback - `{ threadId, messageId, runId, rating:
 *   'up' | 'down' | null }`: (`feedback`) the person rated a reply, or took the rating back (`null`).
 *   `messageId` is the id the backend gave the reply's message (AG-UI: its first `TEXT_MESSAGE_START`'s
 *   `messageId`; AI SDK: the `start` chunk's `messageId`), else, when the backend gave none, the
 *   reply's turn id in `getTurns()`.
 * @fires {CustomEvent<AgentChatSuggestionDetail>} agent-chat-suggestion - `{ label, prompt }`: the person chose
 *   a suggested prompt; `prompt` (the suggestion's prompt, else its label) comes next. A starter sends it; a
 *   backend follow-up sends it only when it is the label, else puts it in the composer (focused, nothing
 *   sent) for the person to read and send. **Cancelable** (nothing is sent or put in the composer).
 * @fires {CustomEvent<AgentChatStateDetail>} agent-chat-state - `{ state }`: the agent's shared state changed
 *   (AG-UI `STATE_SNAPSHOT` / `STATE_DELTA`, the AI SDK's `data-agent-chat-state` part), or another thread,
 *   with its own, is shown.
 * @fires {CustomEvent<AgentChatCustomDetail>} agent-chat-custom - `{ name, value }`: the backend sent an AG-UI
 *   `CUSTOM` event, or an AI SDK `data-*` part (`name` is its type, e.g. `data-weather`), that the widget
 *   does not read itself (it reads `agent-chat.thread-title`, `agent-chat.suggestions` and `agent-chat.sources`).
 *
 * @slot - `<agent-chat-mcp-server>` elements: MCP servers the chat connects to; `<agent-chat-suggestion>`
 *   elements: starter prompts.
 * @slot launcher - (popup, sidebar) An icon of the page's in place of the launcher's chat bubble.
 */
export class AgentChat extends AgentChatElement {
  static override styles = [tokens, base, visibleControls, agentChatStyles, embedStyles];
}

define('agent-chat', AgentChat);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
