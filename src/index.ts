/**
 * `<agent-chat>`: importing this module registers the element (and its inner elements).
 */
export { AgentChat, type AppendAppCardOptions } from './agent-chat/agent-chat.js';
export { AgentChatMcpServer } from './components/mcp-server/mcp-server.js';
export { askPerson } from './mcp/app-call-prompt.js';
export { AskUserDeferred, askUserTool, type Question, type QuestionOption } from './ask/ask-user-definition.js';
export type { AskUserHandler } from './ask/ask-user-tool.js';
export type { PageContext, PageContextEntry, PageTool, PageToolCallInfo } from './page-tools/page-tool-types.js';
export type { SchemaFormLabels } from './ask/forms/labels.js';
export type { AppCall, AppCallCheck, AppCallVerdict, AppInfo, AppMessage, AppMessageCheck, McpCallResult, McpServerConfig, McpTool, UiResourceMeta } from './mcp/mcp-types.js';
export type { ThreadSummary } from './storage/chat-storage.js';
export type { ThreadExport } from './storage/records.js';
export type { ChatEvent, HistoryMessage, Interrupt, ReplyError, ReplyErrorKind } from './protocol/contract.js';
export type { Answers, AskState, ConversationState, InterruptEntry, InterruptResponse, ReplyPart, ToolCallPart, ToolCallStatus, Turn } from './conversation/types.js';
export type { ResumeEntry, RunRequest, ToolDefinition } from './protocol/contract.js';
export type { ChatReconnectOptions as ReconnectOptions, ChatRunOptions as RunOptions, ChatRunTrigger as RunTrigger, ChatTransport as Transport } from './conversation/types.js';
export { AgUiTransport, AiSdkTransport } from './protocol/transport-factory.js';
export type { ChatStrings, ChatStringOverrides } from './i18n/chat-strings.js';
export type { PageDrawing, ToolDisplay, ToolRenderInput } from './conversation/tool-display.js';
export type { UploadFile, UploadFileOptions, UploadedFile } from './attachments/attachment-types.js';
export type * from './events.js';
