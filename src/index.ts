/**
 * `<agent-chat>`: importing this module registers the element (and its inner elements).
 */
export { AgentChat, type AppendAppCardOptions } from './agent-chat.js';
export { AgentChatMcpServer } from './components/mcp-server/mcp-server.js';
export { askPerson } from './mcp/app-call-check.js';
export type { AppCall, AppCallCheck, AppCallVerdict, AppInfo, McpCallResult, McpServerConfig, McpTool, UiResourceMeta } from './mcp/types.js';
export type { ChatEvent, HistoryMessage, ReplyError, ReplyErrorKind } from './conversation/events.js';
export type { ConversationState, ReplyPart, ToolCallPart, ToolCallStatus, Turn } from './conversation/types.js';
export type { RunOptions, RunRequest, ToolDefinition, Transport } from './protocol/transport.js';
export { AgUiTransport } from './protocol/ag-ui.js';
export type { ChatStrings } from './i18n/strings.js';
export type { ToolDisplay } from './tool-display.js';
export type * from './events.js';
