/**
 * The conversation as the widget shows it: turns of the person and replies of the agent.
 * A reply is one run; it holds its parts (text, reasoning, tool calls, activity) in arrival order.
 */
import type { AppInfo, Elicitation, McpCallRecord } from '../mcp/mcp-types.js';
import type {
  BatchedTransport,
  HistoryMessage,
  Interrupt,
  ReconnectOptions,
  ReplyError,
  ReplySource,
  RunOptions,
  RunOutcome,
  RunTrigger,
  Transport,
} from '../protocol/contract.js';

export type ToolCallStatus = 'running' | 'done' | 'error' | 'cancelled' | 'not-completed';
export type ReplyStatus = 'streaming' | 'done' | 'error' | 'cancelled';

export interface TextPart {
  kind: 'text';
  /** The wire message id. */
  id: string;
  text: string;
  streaming: boolean;
  subagentRunId?: string;
}

export interface ReasoningPart {
  kind: 'reasoning';
  id: string;
  text: string;
  streaming: boolean;
  encryptedValue?: string;
  subagentRunId?: string;
}

export interface ToolCallPart {
  kind: 'tool-call';
  /** The wire tool call id. */
  id: string;
  name: string;
  /** Arguments as streamed (JSON text). */
  argsText: string;
  /** Parsed arguments once the call's arguments are complete and valid JSON. */
  args?: unknown;
  /** Set when the complete arguments were not valid JSON. */
  argsInvalid?: boolean;
  /** The arguments nest deeper than `MAX_DEPTH` (depth.ts): not parsed, `argsInvalid` too. */
  argsTooDeep?: boolean;
  /** The result nested deeper than `MAX_DEPTH`: the call failed with an error saying so. */
  resultTooDeep?: boolean;
  argsComplete: boolean;
  status: ToolCallStatus;
  result?: unknown;
  resultMessageId?: string;
  /** Why the call failed, when status is `error`. */
  error?: string;
  parentMessageId?: string;
  encryptedValue?: string;
  subagentRunId?: string;
  /** The MCP App shown in this call's card. */
  app?: AppInfo;
  /** A call the widget ran on one of the page's MCP servers: its result, which the card shows. */
  mcp?: McpCallRecord;
  /** An `ask_user` call the widget answers: how its answers come and how it was answered. */
  ask?: AskState;
  /** The backend refused to run it (the person, or its own policy, denied it). */
  denied?: boolean;
  /** What the MCP server asked of the person while the call ran (`elicitation/create`), and the answers. */
  elicitations?: Elicitation[];
}

/** The person's answers to `ask_user` questions, keyed by the exact question text; values are chosen labels plus at most one "other" text. */
export type Answers = Record<string, string[]>;

/**
 * How an `ask_user` call gets its answers: the card's `form`, the page's `askUser` handler
 * (`page`), or the person's next message (`message`: the handler deferred).
 */
export interface AskState {
  by: 'form' | 'page' | 'message';
  /** Set once the call was answered: with answers, deferred to a message, or failed. */
  outcome?: 'answered' | 'deferred' | 'failed';
  answers?: Answers;
  /** Why the answers could not be collected (`failed`). */
  error?: string;
}

/** The person's answer to an interrupt: an AG-UI resume entry without its id. */
export interface InterruptResponse {
  status: 'resolved' | 'cancelled';
  payload?: unknown;
  metadata?: Record<string, unknown>;
}

/** An interrupt of a reply and what became of it. */
export interface InterruptEntry {
  interrupt: Interrupt;
  /** The person's answer, kept until every open interrupt of the reply has one. */
  response?: InterruptResponse;
  /** The answer went to the backend (in `resume` of the run that continued the reply), or, for the chat's own, was acted on. */
  sent?: boolean;
  /** The chat's own (a page tool's approval), answered here and never sent to the backend. */
  local?: true;
  /** For the chat's own: the run that made the call it asks about. */
  runId?: string;
}

export interface ActivityPart {
  kind: 'activity';
  id: string;
  activityType: string;
  content: Record<string, unknown>;
  subagentRunId?: string;
  /** An MCP App the backend showed (`mcp-apps` activity) that belongs to no tool call here. */
  app?: AppInfo;
  /** The tool call whose card shows this activity's app. */
  attachedTo?: string;
}

/** A file in the reply: an image is shown (through the sanitizer), anything else is a link. */
export interface FilePart {
  kind: 'file';
  id: string;
  url: string;
  mediaType: string;
  filename?: string;
  subagentRunId?: string;
}

export type ReplyPart = TextPart | ReasoningPart | ToolCallPart | ActivityPart | FilePart;

export interface UserTurn {
  role: 'user';
  id: string;
  text: string;
  /** The original content when it was not plain text (multimodal parts from a snapshot). */
  content?: unknown;
  /** Who wrote it, when not the person: an app's `ui/message` (sent with the person's consent or the page's trust). */
  source?: MessageSource;
  /** The files the person attached, in the order they were added. */
  attachments?: Attachment[];
}

/**
 * A file attached to the person's message. Its bytes are a `Blob` (kept as such in IndexedDB);
 * a file `uploadFile` uploaded also has the `url` it resolved to, which travels instead of them.
 */
export interface Attachment {
  id: string;
  name: string;
  /** The file's media type (`application/octet-stream` when the browser gives none). */
  mimeType: string;
  /** Bytes. */
  size: number;
  blob?: Blob;
  url?: string;
}

/** Where a message the person did not type came from. */
export interface MessageSource {
  kind: 'app';
  /** The app's MCP server (`<agent-chat-mcp-server>` name, or the backend's `serverId`). */
  server: string;
  /** The app card's id. */
  instanceId: string;
  /** The card's title. */
  title?: string;
}

export interface AssistantTurn {
  role: 'assistant';
  id: string;
  runId?: string;
  status: ReplyStatus;
  parts: ReplyPart[];
  error?: ReplyError;
  outcome?: RunOutcome;
  /** The step the agent reported last (STEP_STARTED), while streaming. */
  step?: string;
  /** The subagents the reply delegated to, in the order they started. */
  subagents?: SubagentRecord[];
  /** What the reply's runs paused for (AG-UI interrupts), answered or not, in arrival order. */
  interrupts?: InterruptEntry[];
  /** The sources the reply cites, in arrival order. */
  sources?: ReplySource[];
  /** Follow-up prompts the backend offered with the reply (`agent-chat.suggestions`), checked. */
  suggestions?: Suggestion[];
  /** How the person rated the reply (`feedback`); none when unrated. */
  feedback?: 'up' | 'down';
  /** The id the backend gave the reply's message (the first of its runs), for the page's events. */
  messageId?: string;
  /** The agent's shared state as this reply left it, when the reply changed it. */
  agentState?: unknown;
  /** The adapter's record of the reply (`wire-snapshot`), sent back as its protocol wants. */
  wire?: unknown;
  /**
   * Where the reply's last run began: the adapter's record then, and how many parts the reply had.
   * A stream picked up after a reload replays that run onto them.
   */
  runStart?: { wire: unknown; parts: number };
}

/** A prompt the person may choose instead of typing: `prompt` is sent (else `label`); `icon` is text, e.g. an emoji. */
export interface Suggestion {
  label: string;
  prompt?: string;
  icon?: string;
}

/** System and developer messages from a snapshot: kept for the history, never shown. */
export interface InstructionTurn {
  role: 'system' | 'developer';
  id: string;
  text: string;
}

export type Turn = UserTurn | AssistantTurn | InstructionTurn;

export interface SubagentRecord {
  subagentRunId: string;
  name: string;
  description?: string;
  /** The agent's own id, when the backend gives one (`metadata["agent-chat"].agentId`). */
  agentId?: string;
  parentToolCallId?: string;
  parentSubagentRunId?: string;
  parentMessageId?: string;
  /**
   * `not-completed`: the reply ended (stopped, failed, finished) while it was still running.
   * `waiting`: suspended until the person answers the interrupts of the run.
   */
  status: 'running' | 'done' | 'error' | 'not-completed' | 'waiting';
  error?: string;
}

export interface ConversationState {
  turns: Turn[];
  /** The agent's shared state (STATE_SNAPSHOT / STATE_DELTA). */
  agentState: unknown;
  /** The reply being streamed, if any. */
  activeReplyId?: string;
}

export const emptyConversation = (): ConversationState => ({ turns: [], agentState: undefined });

export type { HistoryMessage, ReplySource };

/** A backend adapter as the chat uses it: its runs see the chat's turns (public as `Transport`). */
export type ChatTransport = Transport<Turn, AssistantTurn>;
/** What the chat's own transports add (see `BatchedTransport`). */
export type ChatBatchedTransport = BatchedTransport<Turn, AssistantTurn>;
/** `RunOptions` over the chat's turns (public as `RunOptions`). */
export type ChatRunOptions = RunOptions<Turn, AssistantTurn>;
/** `RunTrigger` over the chat's replies (public as `RunTrigger`). */
export type ChatRunTrigger = RunTrigger<AssistantTurn>;
/** `ReconnectOptions` over the chat's replies (public as `ReconnectOptions`). */
export type ChatReconnectOptions = ReconnectOptions<AssistantTurn>;
