/**
 * `<agent-chat>`: importing this module registers the element (and its inner elements).
 */
export { AgentChat, type AppendAppCardOptions } from './agent-chat.js';
export { AgentChatMcpServer } from './components/mcp-server/mcp-server.js';
export { askPerson } from './mcp/app-call-check.js';
export { AskUserDeferred, askUserTool, type Answers, type Question, type QuestionOption } from './ask/questions.js';
export type { AskUserHandler } from './ask/ask-user-tool.js';
export type { SchemaFormLabels } from './ask/schema-form.js';
export type { AppCall, AppCallCheck, AppCallVerdict, AppInfo, McpCallResult, McpServerConfig, McpTool, UiResourceMeta } from './mcp/types.js';
export type { ChatEvent, HistoryMessage, ReplyError, ReplyErrorKind } from './conversation/events.js';
export type {
  AskState,
  ConversationState,
  Interrupt,
  InterruptEntry,
  InterruptResponse,
  ReplyPart,
  ToolCallPart,
  ToolCallStatus,
  Turn,
} from './conversation/types.js';
export type { ResumeEntry, RunOptions, RunRequest, ToolDefinition, Transport } from './protocol/transport.js';
export { AgUiTransport, AiSdkTransport } from './protocol/factory.js';
export type { ReconnectOptions, RunTrigger } from './protocol/transport.js';
export type { ChatStrings } from './i18n/strings.js';
export type { ToolDisplay } from './tool-display.js';
export type * from './events.js';
