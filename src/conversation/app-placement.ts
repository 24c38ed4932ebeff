/**
 * Where an MCP App's card lives in the conversation, and what it has learned: the app of a tool
 * call (the page's MCP servers) or of an `mcp-apps` activity (the backend's). Pure; the reducer
 * delegates to it.
 */
import type { ActivityPart, AssistantTurn, ConversationState, ToolCallPart } from './types.js';
import { isRecord } from '../internal/guards.js';
import { updatePart } from './update-part.js';
import type { AppInfo } from '../mcp/mcp-types.js';

/** The activity type of an app the backend ran (`@ag-ui/mcp-apps-middleware`). */
export const APP_ACTIVITY_TYPE = 'mcp-apps';

/**
 * Merges what an app card learned into the tool call (or activity) it belongs to, in any turn.
 * A part with no app yet gets one only from an update that says where the app comes from.
 */
export function updateApp(state: ConversationState, partId: string, app: Partial<AppInfo>): ConversationState {
  return updatePart<ToolCallPart | ActivityPart>(state, partId, ['tool-call', 'activity'], (part) =>
    !part.app && !(app.source && app.resourceUri && app.via) ? part : { ...part, app: { ...part.app, ...app } as AppInfo },
  );
}

/**
 * An `mcp-apps` activity (the backend ran a tool with a UI, `@ag-ui/mcp-apps-middleware`) shows its
 * app in the card of the call it answers: the latest call of this reply with the same input and
 * no app yet. With no such call, the activity is a card of its own. A snapshot of an activity
 * already placed (`attachedTo`) updates that call's app, keeping what the card read since.
 */
export function placeBackendApp(reply: AssistantTurn, activityId: string, attachedTo?: string): AssistantTurn {
  const index = reply.parts.findIndex((part) => part.kind === 'activity' && part.id === activityId);
  const activity = reply.parts[index] as ActivityPart;
  const app = backendApp(activity.content);
  if (!app) return reply;
  const input = canonicalJson(activity.content.toolInput ?? {});
  let target = -1;
  for (let i = index - 1; i >= 0; i--) {
    const part = reply.parts[i];
    if (part.kind !== 'tool-call') continue;
    const placedBefore = attachedTo !== undefined && part.id === attachedTo;
    if (placedBefore || (attachedTo === undefined && !part.app && part.argsComplete && canonicalJson(part.args ?? {}) === input)) {
      target = i;
      break;
    }
  }
  const parts = reply.parts.slice();
  if (target === -1) {
    parts[index] = { ...activity, app };
  } else {
    const call = parts[target] as ToolCallPart;
    parts[target] = { ...call, app: call.app ? { ...call.app, ...app } : app };
    parts[index] = { ...activity, attachedTo: call.id };
  }
  return { ...reply, parts };
}

/** The app an `mcp-apps` activity's content names; undefined when it names none. */
function backendApp(content: Record<string, unknown>): AppInfo | undefined {
  const { resourceUri, serverHash, serverId, result } = content;
  if (typeof resourceUri !== 'string' || !resourceUri.startsWith('ui://') || typeof serverHash !== 'string') return undefined;
  return {
    source: typeof serverId === 'string' ? serverId : serverHash,
    via: 'backend',
    resourceUri,
    serverHash,
    ...(result && typeof result === 'object' ? { callResult: result as AppInfo['callResult'] } : {}),
  };
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (isRecord(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner));
}
