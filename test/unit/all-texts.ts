/**
 * Every UI text of a chat's `strings`, the late ones included: what the views loaded later read
 * through their `*-texts.ts` (the chat's own texts, else the English that comes with the view).
 */
import { englishReplyAnnouncementTexts, replyAnnouncementTexts } from '../../src/agent-chat/reply-announcement-texts.js';
import { attachTexts, englishAttachTexts } from '../../src/attachments/attach-texts.js';
import { activityTexts, englishActivityTexts } from '../../src/components/activity/activity-texts.js';
import { appFrameTexts, englishAppFrameTexts } from '../../src/components/app-frame/app-frame-texts.js';
import { editMessageTexts, englishEditMessageTexts } from '../../src/components/edit-message/edit-message-texts.js';
import { elicitationTexts, englishElicitationTexts } from '../../src/components/elicitation/elicitation-texts.js';
import { englishInterruptTexts, interruptTexts } from '../../src/components/interrupt/interrupt-texts.js';
import { englishMcpNoticeTexts, mcpNoticeTexts } from '../../src/components/mcp-notice/mcp-notice-texts.js';
import { englishSignInTexts, signInTexts } from '../../src/components/mcp-notice/sign-in-texts.js';
import { englishReplyExtrasTexts, replyExtrasTexts } from '../../src/components/message/reply-extras-texts.js';
import { englishUserAttachmentsTexts, userAttachmentsTexts } from '../../src/components/message/user-attachments-texts.js';
import { englishQuestionFormTexts, questionFormTexts } from '../../src/components/question-form/question-form-texts.js';
import { englishQueueTexts, queueTexts } from '../../src/components/queued-messages/queued-messages-texts.js';
import { englishSuggestionsTexts, suggestionsTexts } from '../../src/components/suggestions/suggestions-texts.js';
import { englishThreadListTexts, threadListTexts } from '../../src/components/thread-list/thread-list-texts.js';
import { callTexts, englishCallTexts } from '../../src/components/tool-card/call-texts.js';
import { englishToolCardTexts, toolCardTexts } from '../../src/components/tool-card/tool-card-texts.js';
import type { ChatStrings, CoreStrings, LateStrings } from '../../src/i18n/chat-strings.js';
import type { EnglishTexts } from '../../src/i18n/strings.js';

/** The English tables of the views loaded later, by file. */
export const englishLateTables: Record<string, EnglishTexts<Partial<LateStrings>>> = {
  'attachments/attach-texts': englishAttachTexts,
  'activity/activity-texts': englishActivityTexts,
  'app-frame/app-frame-texts': englishAppFrameTexts,
  'edit-message/edit-message-texts': englishEditMessageTexts,
  'elicitation/elicitation-texts': englishElicitationTexts,
  'interrupt/interrupt-texts': englishInterruptTexts,
  'mcp-notice/mcp-notice-texts': englishMcpNoticeTexts,
  'mcp-notice/sign-in-texts': englishSignInTexts,
  'message/reply-extras-texts': englishReplyExtrasTexts,
  'message/user-attachments-texts': englishUserAttachmentsTexts,
  'question-form/question-form-texts': englishQuestionFormTexts,
  'queued-messages/queued-messages-texts': englishQueueTexts,
  'suggestions/suggestions-texts': englishSuggestionsTexts,
  'thread-list/thread-list-texts': englishThreadListTexts,
  'tool-card/call-texts': englishCallTexts,
  'tool-card/tool-card-texts': englishToolCardTexts,
  'agent-chat/reply-announcement-texts': englishReplyAnnouncementTexts,
};

/** `strings` with every late text as the views read it. */
export function allTexts(strings: ChatStrings): CoreStrings & LateStrings {
  return {
    ...strings,
    ...attachTexts(strings),
    ...activityTexts(strings),
    ...appFrameTexts(strings),
    ...editMessageTexts(strings),
    ...elicitationTexts(strings),
    ...interruptTexts(strings),
    ...mcpNoticeTexts(strings),
    ...signInTexts(strings),
    ...replyExtrasTexts(strings),
    ...userAttachmentsTexts(strings),
    ...questionFormTexts(strings),
    ...queueTexts(strings),
    ...suggestionsTexts(strings),
    ...threadListTexts(strings),
    ...callTexts(strings),
    ...toolCardTexts(strings),
    ...replyAnnouncementTexts(strings),
  };
}
