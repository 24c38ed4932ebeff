/** Activity parts (AG-UI ACTIVITY_SNAPSHOT / ACTIVITY_DELTA); an `mcp-apps` one goes where its app is shown. */
import { APP_ACTIVITY_TYPE, placeBackendApp } from '../app-placement.js';
import type { Action } from '../actions.js';
import type { ConversationState } from '../types.js';
import { patched } from '../json-patch.js';
import { subagentOf, updateReply, upsertPart } from './reduce-reply-updates.js';

export type ActivityAction = Extract<Action, { type: 'activity-snapshot' | 'activity-delta' }>;

export function reduceActivity(state: ConversationState, action: ActivityAction): ConversationState {
  switch (action.type) {
    case 'activity-snapshot': {
      let attachedTo: string | undefined;
      const next = upsertPart(state, action.messageId, 'activity', (part) => {
        attachedTo = part?.attachedTo;
        return part && action.replace === false
          ? part
          : { kind: 'activity', id: action.messageId, activityType: action.activityType, content: action.content, ...subagentOf(action) };
      });
      if (action.activityType !== APP_ACTIVITY_TYPE || next === state) return next;
      return updateReply(next, (reply) => placeBackendApp(reply, action.messageId, attachedTo));
    }
    case 'activity-delta':
      return upsertPart(state, action.messageId, 'activity', (part) => {
        if (!part) return undefined;
        const next = patched(part.content, action.patch);
        return next.ok ? { ...part, content: next.value as Record<string, unknown> } : part;
      });
  }
}
