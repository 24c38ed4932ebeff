/**
 * The keys of the UI texts, one table per language in `translations/<lang>.ts`. Texts with
 * `{name}` placeholders are filled by `format`; texts with a number are terms (`CountedText`):
 * given the count, they give the words.
 */
import type { SchemaFormLabels } from '../ask/forms/labels.js';
import type { Counted, CountedText, Plural } from './plural.js';

export interface ChatStrings {
  /** The language these texts are in (BCP 47): dates and generated forms follow it. */
  locale: string;
  /** Texts of forms built from a JSON Schema (see `SchemaFormLabels`); English ones come with the forms. */
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
  /** Names the files sent with the person's message. */
  sentFiles: string;
  /** A sent image's thumbnail, which opens it in full: {name} is the file's name. */
  openImage: string;
  /** In place of an image from another origin, which loads when pressed: {host}. */
  showImage: string;
  /** In place of an image of the page's own origin whose address redirects (anywhere), which loads when pressed: {host}. */
  showRedirectedImage: string;
  /** In place of an image from another origin that is not shown (`images="none"`): {host}. */
  imageBlocked: string;
  /** After a formula's TeX shown as written because it is too large or too costly to draw. */
  mathTooLarge: string;
  jumpToLatest: string;
  toolRunning: string;
  toolDone: string;
  toolError: string;
  toolCancelled: string;
  toolNotCompleted: string;
  toolArguments: string;
  toolResult: string;
  toolNoResult: string;
  /** A running MCP call's Cancel button. */
  toolCancel: string;
  /** The accessible name of a running call's progress bar: "Progress of {name}". */
  toolProgress: string;
  /** Over an MCP server's request for input: "“{server}” asks:". */
  elicitationFrom: string;
  elicitationSubmit: string;
  elicitationDecline: string;
  elicitationCancel: string;
  /** A request to open a page: "Opens a page on {host}". */
  elicitationOpensPage: string;
  elicitationOpen: string;
  elicitationSent: string;
  elicitationDeclined: string;
  elicitationCancelled: string;
  /** After Open, until the server says it is done: "You opened the page; “{server}” will go on when it is done." */
  elicitationOpened: string;
  elicitationDone: string;
  /** A request restored without an answer. */
  elicitationNotCompleted: string;
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
  /** Above every app, outside its frame: "App from “{source}”" (its MCP server). */
  appSource: string;
  /** An app paused for taking the keyboard focus by itself; `{source}` is its MCP server. */
  appPaused: string;
  appResume: string;
  /** A server asks the person to sign in: "“{name}” needs you to sign in before its tools can be used." */
  mcpSignInNeeded: string;
  /** The button that opens the server's sign-in window: "Sign in to {name}". */
  mcpSignIn: string;
  /** The browser blocked the sign-in window. */
  mcpSignInBlocked: string;
  /** The last sign-in did not complete. */
  mcpSignInFailed: string;
  mcpUnreachable: string;
  appWaitsForServer: string;
  /** An image an MCP tool returned (its text alternative): "Image ({type}, {size})". */
  mcpImage: string;
  /** Audio an MCP tool returned (its player's name): "Audio ({type}, {size})". */
  mcpAudio: string;
  /** `{what}` (an image, audio, a file) whose data is not valid base64. */
  mcpUnreadable: string;
  /** `{what}` too large to show or download. */
  mcpTooLarge: string;
  /** A long text of a tool result, cut: "Only the first {shown} of {total} characters are shown." */
  mcpTextCut: string;
  /** Content of a type the chat does not know: `{type}`. */
  mcpUnknownContent: string;
  /** Content items of a tool result past the ones shown. */
  mcpMoreItems: CountedText;
  activityCalls: CountedText;
  activityNotes: string;
  activityShowConversation: string;
  activityHideConversation: string;
  activityConversationOf: string;
  activityMoreCalls: CountedText;
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
  /** The accessible name of Copy on a reply (it copies the reply's text as markdown). */
  copyReply: string;
  /** Thumbs up and thumbs down on a reply (`feedback`). */
  feedbackGood: string;
  feedbackBad: string;
  /** The collapsed list of the sources a reply cites. */
  sourcesCount: CountedText;
  /** The group of starter prompts on an empty conversation, and of the backend's follow-ups under the last reply. */
  suggestionsStarter: string;
  suggestionsFollowUp: string;
  branchPrevious: string;
  branchNext: string;
  branchPosition: string;
  storageProblem: string;
  storageExport: string;
  storageDismiss: string;
  earlierMessages: CountedText;
  /** The launcher button of `mode="popup"` (its accessible name unless `launcher-label` is set). */
  launcherOpen: string;
  /** The panel's close button (popup and sidebar). */
  panelClose: string;
  /** The launcher's badge: replies that finished while the panel was closed. */
  unreadReplies: CountedText;
  // Attachments (`attachments`). Each language's table has them; the English ones come with the
  // attachments chunk (`src/attachments/attach-texts.ts`), so the first load does not carry them.
  /** The composer's button that picks files. */
  attachButton?: string;
  /** The tray of files about to be sent. */
  attachTray?: string;
  /** A file's remove button: {name}. */
  attachRemove?: string;
  /** A file's upload progress: {name}. */
  attachUploading?: string;
  /** Send while it waits for uploads to finish. */
  attachWaiting?: string;
  /** Over the chat while files are dragged over it. */
  attachDrop?: string;
  /** Why a file was not attached: {name}; {max} the size limit, or the files allowed per message. */
  attachRefusedType?: string;
  attachRefusedSize?: string;
  attachRefusedCount?: string;
  attachRefusedUpload?: string;
  /** Takes away the notice of a file not attached. */
  attachDismiss?: string;
}

/**
 * What the page may give as `strings`: any text of its own, and a counted text also in the older
 * form, one text per plural category (or one string), read in the chat's language.
 */
export type ChatStringOverrides = {
  [Key in keyof ChatStrings]?: ChatStrings[Key] extends CountedText ? CountedText | Counted : ChatStrings[Key];
};

/**
 * A language's table: its texts, made with the plural rules of its language
 * (`plural(count, { one: …, other: … })`), so the table's file imports nothing.
 */
export type Translation = (plural: Plural) => ChatStrings;

/** A language's texts of generated forms: every one, so the type checker names one it lacks. */
export type FormTexts = Omit<SchemaFormLabels, 'locale'>;
