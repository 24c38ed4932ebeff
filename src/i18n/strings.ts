/**
 * UI texts. `lang` picks a built-in table (by primary language subtag); the `strings` property
 * overrides single keys. Texts with `{name}` placeholders are filled by `format`; texts with a
 * number (`Counted`) have one form per plural category and are filled by `formatCount`.
 */
import type { SchemaFormLabels } from '../ask/forms/schema-form.js';
import type { Counted } from './plural.js';
export interface ChatStrings {
  /** The language these texts are in (BCP 47): dates and generated forms follow it. */
  locale: string;
  /** Texts of forms built from a JSON Schema (see `SchemaFormLabels`); loaded with those forms. */
  form?: Partial<SchemaFormLabels>;
  conversation: string;
  /** Spoken before each message, so screen-reader users can tell turns apart. */
  you: string;
  assistant: string;
  inputLabel: string;
  placeholder: string;
  send: string;
  stop: string;
  retry: string;
  copy: string;
  copied: string;
  reasoning: string;
  thinking: string;
  replying: string;
  step: string;
  stopped: string;
  /** The heading of the sources a reply cites. */
  sources: string;
  /** A file of the reply to download: {name}. */
  downloadFile: string;
  /** In place of an image from another origin, which loads when pressed: {host}. */
  showImage: string;
  /** In place of an image from another origin that is not shown (`images="none"`): {host}. */
  imageBlocked: string;
  jumpToLatest: string;
  toolRunning: string;
  toolDone: string;
  toolError: string;
  toolCancelled: string;
  toolNotCompleted: string;
  toolArguments: string;
  toolResult: string;
  toolNoResult: string;
  toolInvalidArguments: string;
  /** `{limit}`: the levels allowed. */
  toolArgumentsTooDeep: string;
  /** `{limit}`: the levels allowed. */
  toolResultTooDeep: string;
  errorTitle: string;
  configError: string;
  appLoading: string;
  appUnavailable: string;
  appAsk: string;
  appAllow: string;
  appRefuse: string;
  appFullScreen: string;
  appExitFullScreen: string;
  appPane: string;
  appBackToCard: string;
  appInPane: string;
  appLeftItsPage: string;
  /** The app asked for full screen while the page may have had the person's gesture: ask them. */
  appAskFullScreen: string;
  /** `{host}`: the app asked to open a link while the page may have had the person's gesture. */
  appAskOpenLink: string;
  /** A message an app proposes: "The app “{app}” wants to send:". */
  appMessageProposal: string;
  appMessageSend: string;
  appMessageDiscard: string;
  /** Over a message an app sent: "Sent by the app “{app}”". */
  sentByApp: string;
  /** A card from an imported file whose app is not read again from this page's server. */
  appFromFile: string;
  /** A restored app card whose app the person used: it shows the app's first state. */
  appReopened: string;
  activityCalls: Counted;
  activityNotes: string;
  activityShowConversation: string;
  activityHideConversation: string;
  activityConversationOf: string;
  activityMoreCalls: Counted;
  activityFailed: string;
  /** A second, third… delegation to the same subagent in one reply. */
  activityNumbered: string;
  /** A subagent started by another subagent. */
  activityFor: string;
  toolWaiting: string;
  askTitle: string;
  askOther: string;
  askOtherLabel: string;
  askSubmit: string;
  askNothingChosen: string;
  askOtherEmpty: string;
  askOrWrite: string;
  askWaitingPage: string;
  askWaitingMessage: string;
  askDeferred: string;
  askFailed: string;
  askNotAnswered: string;
  askUnreadable: string;
  approvalApprove: string;
  approvalDeny: string;
  approvalEdit: string;
  approvalApproveEdited: string;
  approvalReason: string;
  approvalBack: string;
  approvalAsk: string;
  approvalConfirm: string;
  approvalApproved: string;
  approvalApprovedEdited: string;
  approvalDenied: string;
  approvalDeniedReason: string;
  approvalArgsInvalid: string;
  requestInput: string;
  requestSkip: string;
  requestSkipped: string;
  requestAnswered: string;
  requestExpired: string;
  requestExpires: string;
  requestKept: string;
  inputHeld: string;
  inputHeldGo: string;
  requestAnswer: string;
  threadsHeading: string;
  threadsShow: string;
  threadsHide: string;
  threadNew: string;
  threadUntitled: string;
  threadsEmpty: string;
  threadActions: string;
  threadRename: string;
  threadTitle: string;
  threadSave: string;
  threadCancel: string;
  threadDelete: string;
  threadExport: string;
  threadImport: string;
  threadImportNotJson: string;
  threadDeleteConfirm: string;
  threadCurrent: string;
  editMessage: string;
  editLabel: string;
  editSend: string;
  editCancel: string;
  regenerate: string;
  branchPrevious: string;
  branchNext: string;
  branchPosition: string;
  storageProblem: string;
  storageExport: string;
  storageDismiss: string;
  earlierMessages: Counted;
}

export const en: ChatStrings = {
  locale: 'en',
  conversation: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  inputLabel: 'Message',
  placeholder: 'Type a message…',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  reasoning: 'Reasoning',
  thinking: 'Thinking…',
  replying: 'The assistant is replying…',
  step: 'Step: {step}',
  stopped: 'Stopped.',
  sources: 'Sources',
  downloadFile: 'Download {name}',
  showImage: 'Show image from {host}',
  imageBlocked: 'Image from {host} not shown',
  jumpToLatest: 'Jump to latest',
  toolRunning: 'Running',
  toolDone: 'Done',
  toolError: 'Failed',
  toolCancelled: 'Cancelled',
  toolNotCompleted: 'Not completed',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  toolNoResult: 'No result.',
  toolInvalidArguments: 'The arguments are not valid JSON.',
  toolArgumentsTooDeep: 'The arguments nest more than {limit} levels deep, so they are not shown or used.',
  toolResultTooDeep: 'The result nests more than {limit} levels deep, so it was not kept.',
  errorTitle: 'Something went wrong',
  configError: 'This chat is not set up correctly',
  appLoading: 'Loading the app…',
  appUnavailable: 'The app cannot be shown',
  appAsk: 'The app wants to run {tool}',
  appAllow: 'Allow',
  appRefuse: 'Refuse',
  appFullScreen: 'Full screen',
  appExitFullScreen: 'Exit full screen',
  appPane: 'Keep in view',
  appBackToCard: 'Back into the conversation',
  appInPane: 'This app is in its pane, in view while you scroll.',
  appReopened: 'Shown as it first opened: what was done in the app since is not kept.',
  appLeftItsPage: 'The app left its page, so it was stopped.',
  appAskFullScreen: 'The app wants to go full screen',
  appAskOpenLink: 'The app wants to open {host} in a new tab',
  appMessageProposal: 'The app “{app}” wants to send:',
  appMessageSend: 'Send',
  appMessageDiscard: 'Discard',
  sentByApp: 'Sent by the app “{app}”',
  appFromFile: 'This card came from an imported file. Its app runs only when this page’s own server “{source}” gives it again',
  activityCalls: { one: '{count} call', other: '{count} calls' },
  activityNotes: 'Notes',
  activityShowConversation: 'Show conversation',
  activityHideConversation: 'Hide conversation',
  activityConversationOf: 'Everything {label} did in this reply',
  activityMoreCalls: { one: '{count} more call not shown', other: '{count} more calls not shown' },
  activityFailed: 'Failed: {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, for {parent}',
  toolWaiting: 'Waiting for you',
  askTitle: 'Questions',
  askOther: 'Other',
  askOtherLabel: 'Your own answer to “{question}”',
  askSubmit: 'Send answers',
  askNothingChosen: 'Choose an answer to at least one question, or write in the chat instead.',
  askOtherEmpty: 'Write your own answer to “{question}”, or untick Other.',
  askOrWrite: 'You can also answer by writing in the chat.',
  askWaitingPage: 'Waiting for the answers…',
  askWaitingMessage: 'Answer in your next message.',
  askDeferred: 'Answered in the chat instead.',
  askFailed: 'The answers could not be collected: {error}',
  askNotAnswered: 'Not answered',
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
  approvalDenied: 'Denied',
  approvalDeniedReason: 'Denied: {reason}',
  approvalArgsInvalid: 'The arguments must be a JSON object.',
  requestInput: 'The agent needs some information.',
  requestSkip: 'Skip',
  requestSkipped: 'Skipped',
  requestAnswered: 'Answered',
  requestExpired: 'This request expired ({time}); it can no longer be answered.',
  requestExpires: 'Answer by {time}.',
  requestKept: 'Your answer is kept until the other requests are answered.',
  inputHeld: 'The agent is waiting for your answer above; your message stays here.',
  inputHeldGo: 'Go to it',
  requestAnswer: 'Your answer',
  threadsHeading: 'Conversations',
  threadsShow: 'Show conversations',
  threadsHide: 'Hide conversations',
  threadNew: 'New conversation',
  threadUntitled: 'New conversation',
  threadsEmpty: 'No conversations yet.',
  threadActions: 'Actions for “{title}”',
  threadRename: 'Rename',
  threadTitle: 'Title',
  threadSave: 'Save',
  threadCancel: 'Cancel',
  threadDelete: 'Delete',
  threadExport: 'Export',
  threadImport: 'Import…',
  threadImportNotJson: 'The conversation could not be imported: {name} is not a JSON file.',
  threadDeleteConfirm: 'Delete “{title}”? This cannot be undone.',
  threadCurrent: '(open)',
  editMessage: 'Edit',
  editLabel: 'Edit your message',
  editSend: 'Send',
  editCancel: 'Cancel',
  regenerate: 'Regenerate',
  branchPrevious: 'Previous version',
  branchNext: 'Next version',
  branchPosition: 'Version {index} of {count}',
  storageProblem: 'Conversations cannot be saved in this browser: {reason} This one goes on here; export it to keep it.',
  storageExport: 'Export',
  storageDismiss: 'Dismiss',
  earlierMessages: { one: 'Show {count} earlier message', other: 'Show {count} earlier messages' },
};

/**
 * The languages built in besides English, each a chunk of its own loaded on first need, so a page
 * pays only for the language it speaks. Adding a language is a file in `translations/` and a line here.
 */
const translations: Record<string, () => Promise<ChatStrings>> = {
  de: () => import('./translations/de.js').then((module) => module.de),
  fr: () => import('./translations/fr.js').then((module) => module.fr),
};
const loaded: Record<string, ChatStrings> = { en };
const loading = new Map<string, Promise<void>>();

const primaryOf = (lang: string | undefined) => (lang ?? '').toLowerCase().split(/[-_]/)[0];

/**
 * Loads the texts of `lang` when they are built in and not loaded yet; resolves once
 * `resolveStrings(lang)` gives them (at once when there is nothing to load).
 */
export function loadStrings(lang: string | undefined): Promise<void> {
  const primary = primaryOf(lang);
  if (loaded[primary] || !translations[primary]) return Promise.resolve();
  let pending = loading.get(primary);
  if (!pending) {
    pending = translations[primary]().then(
      (table) => void (loaded[primary] = table),
      (error: unknown) => console.warn(`<agent-chat>: the "${primary}" texts could not be loaded; English is used.`, error),
    );
    loading.set(primary, pending);
  }
  return pending;
}

/** Whether `resolveStrings(lang)` already gives the texts of `lang` (or English is all there is for it). */
export function stringsLoaded(lang: string | undefined): boolean {
  const primary = primaryOf(lang);
  return !!loaded[primary] || !translations[primary];
}

/** The texts for `lang` as far as they are loaded (English until then), with the page's overrides. */
export function resolveStrings(lang: string | undefined, overrides?: Partial<ChatStrings>): ChatStrings {
  const table = loaded[primaryOf(lang)] ?? en;
  return { ...table, locale: lang || table.locale, ...overrides };
}

export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** The words for a tool call's (or a subagent's) status. */
export function statusText(strings: ChatStrings, status: 'running' | 'done' | 'error' | 'cancelled' | 'not-completed' | 'waiting'): string {
  const labels = {
    waiting: strings.toolWaiting,
    running: strings.toolRunning,
    done: strings.toolDone,
    error: strings.toolError,
    cancelled: strings.toolCancelled,
    'not-completed': strings.toolNotCompleted,
  };
  return labels[status];
}
