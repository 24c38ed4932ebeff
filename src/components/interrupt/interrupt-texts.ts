/**
 * The agent's requests (approvals, questions, input by a form): the texts in the chat's language,
 * else this English, which comes with the interrupt chunk.
 */
import type { ChatStrings, InterruptStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishInterruptTexts: EnglishTexts<InterruptStrings> = () => ({
  askUnreadable: 'These questions cannot be shown: {error}',
  approvalApprove: 'Approve',
  approvalDeny: 'Deny',
  approvalEdit: 'Edit arguments',
  approvalApproveEdited: 'Approve with these arguments',
  approvalReason: 'Reason (optional)',
  approvalBack: 'Back',
  approvalAsk: 'The agent wants to run {tool}. Do you approve?',
  approvalConfirm: 'The agent asks for your confirmation.',
  approvalApproved: 'Approved',
  approvalApprovedEdited: 'Approved with changed arguments',
  approvalDeniedReason: 'Denied: {reason}',
  approvalArgsInvalid: 'The arguments must be a JSON object.',
  requestInput: 'The agent needs some information.',
  requestSkip: 'Skip',
  requestSkipped: 'Skipped',
  requestAnswered: 'Answered',
  requestExpired: 'This request expired ({time}); it can no longer be answered.',
  requestExpires: 'Answer by {time}.',
  requestKept: 'Your answer is kept until the other requests are answered.',
  requestAnswer: 'Your answer',
});

/** The texts for the chat's `strings`: their own, else English. */
export const interruptTexts = (strings: ChatStrings): InterruptStrings => lateTexts(strings, englishInterruptTexts);
