/**
 * The keys of the UI texts, one table per language in `translations/<lang>.ts`. Texts with
 * `{name}` placeholders are filled by `format`; texts with a number are terms (`CountedText`):
 * given the count, they give the words.
 *
 * English comes in two parts. The texts the first screen can show (`CoreStrings`) are in
 * `translations/en.ts`, which the first load carries; the texts only a view loaded later shows
 * (`LateStrings`: a tool card, an app, a request, the conversation list…) have their English in a
 * `*-texts.ts` file of that view, which comes with its chunk, and the view reads them with
 * `lateTexts` (the chat's language's or the page's own, else that English). The other languages
 * have every text in their table.
 */
import type { SchemaFormLabels } from '../ask/forms/labels.js';
import type { Counted, CountedText, Plural } from './plural.js';

/**
 * The texts the first screen can show (the composer, messages, the panel, notices): their English
 * is in the first load (`translations/en.ts`).
 */
export interface CoreStrings {
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
  /** A file of the reply to download: {name}. */
  downloadFile: string;
  /** In place of an image from another origin, which loads when pressed: {host}. */
  showImage: string;
  /** In place of an image of the page's own origin whose address redirects (anywhere), which loads when pressed: {host}. */
  showRedirectedImage: string;
  /** In place of an image from another origin that is not shown (`images="none"`): {host}. */
  imageBlocked: string;
  /** After a formula's TeX shown as written because it is too large or too costly to draw. */
  mathTooLarge: string;
  jumpToLatest: string;
  errorTitle: string;
  configError: string;
  /** Over a message an app sent: "Sent by the app “{app}”". */
  sentByApp: string;
  activityMoreCalls: CountedText;
  /** A second, third… delegation to the same subagent in one reply. */
  activityNumbered: string;
  /** A subagent started by another subagent. */
  activityFor: string;
  askTitle: string;
  askOrWrite: string;
  inputHeld: string;
  inputHeldGo: string;
  threadsShow: string;
  threadsHide: string;
  threadImportNotJson: string;
  editMessage: string;
  regenerate: string;
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
}

/** A tool call's card and an MCP tool's result in it (the tool views chunk). */
export interface ToolCardStrings {
  toolRunning: string;
  toolDone: string;
  toolError: string;
  toolCancelled: string;
  toolNotCompleted: string;
  toolWaiting: string;
  toolResult: string;
  toolNoResult: string;
  /** A running MCP call's Cancel button. */
  toolCancel: string;
  /** The accessible name of a running call's progress bar: "Progress of {name}". */
  toolProgress: string;
  toolInvalidArguments: string;
  /** `{limit}`: the levels allowed. */
  toolArgumentsTooDeep: string;
  /** `{limit}`: the levels allowed. */
  toolResultTooDeep: string;
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
  /** The name of the agent's shared state as the page draws it under a reply. */
  agentState: string;
}

/** Shown both on a tool call's card and in the request to approve it. */
export interface CallStrings {
  toolArguments: string;
  approvalDenied: string;
}

/** An MCP server's request for input, in its tool call's card (the tool views chunk). */
export interface ElicitationStrings {
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
}

/** What a subagent did in a reply (the tool views chunk). */
export interface ActivityStrings {
  activityCalls: CountedText;
  activityNotes: string;
  activityShowConversation: string;
  activityHideConversation: string;
  activityConversationOf: string;
  activityFailed: string;
}

/** A request of the agent's: an approval, a question, input by a form (the interrupt chunk). */
export interface InterruptStrings {
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
  approvalDeniedReason: string;
  approvalArgsInvalid: string;
  requestInput: string;
  requestSkip: string;
  requestSkipped: string;
  requestAnswered: string;
  requestExpired: string;
  requestExpires: string;
  requestKept: string;
  requestAnswer: string;
}

/** The agent's multiple-choice questions (the interrupt chunk). */
export interface QuestionFormStrings {
  askOther: string;
  askOtherLabel: string;
  askSubmit: string;
  askNothingChosen: string;
  askOtherEmpty: string;
  askWaitingPage: string;
  askWaitingMessage: string;
  askDeferred: string;
  askFailed: string;
  askNotAnswered: string;
}

/** An MCP app in its card (the app frame chunk). */
export interface AppFrameStrings {
  appLoading: string;
  appUnavailable: string;
  appAsk: string;
  appAllow: string;
  appRefuse: string;
  appFullScreen: string;
  appExitFullScreen: string;
  appPane: string;
  appBackToCard: string;
  /** In the card while its app floats over the conversation (picture-in-picture). */
  appInPane: string;
  /** The floating app's handle: its name, and how it moves (its description). */
  appPipMove: string;
  appPipMoveHint: string;
  /** The floating app's close button: the app goes back into its card and keeps running. */
  appPipClose: string;
  appLeftItsPage: string;
  /** Instead of an app that asked to be closed (its card keeps the call and its result). */
  appClosed: string;
  /** The app asked for full screen while the page may have had the person's gesture: ask them. */
  appAskFullScreen: string;
  /** `{host}`: the app asked to open a link while the page may have had the person's gesture. */
  appAskOpenLink: string;
  /** `{name}`: the file(s) an app asked to download while the page may have had the person's gesture. */
  appAskDownload: string;
  /** A message an app proposes: "The app “{app}” wants to send:". */
  appMessageProposal: string;
  appMessageSend: string;
  appMessageDiscard: string;
  /** A card from an imported file whose app is not read again from this page's server. */
  appFromFile: string;
  /** A restored app card whose app the person used: it shows the app's first state. */
  appReopened: string;
  /** Above every app, outside its frame: "App from “{source}”" (its MCP server). */
  appSource: string;
  /** An app paused for taking the keyboard focus by itself; `{source}` is its MCP server. */
  appPaused: string;
  appResume: string;
  appWaitsForServer: string;
}

/** An MCP server's sign-in: in the notice above the composer, and in the card of an app that waits for it. */
export interface SignInStrings {
  /** A server asks the person to sign in: "“{name}” needs you to sign in before its tools can be used." */
  mcpSignInNeeded: string;
  /** The button that opens the server's sign-in window: "Sign in to {name}". */
  mcpSignIn: string;
}

/** The notice above the composer of MCP servers to sign in to or out of reach (the MCP notice chunk). */
export interface McpNoticeStrings {
  /** The browser blocked the sign-in window. */
  mcpSignInBlocked: string;
  /** The last sign-in did not complete. */
  mcpSignInFailed: string;
  mcpUnreachable: string;
}

/** The list of conversations (the thread list chunk). */
export interface ThreadListStrings {
  threadsHeading: string;
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
  threadDeleteConfirm: string;
  threadCurrent: string;
  /** Beside a conversation with changes that have not reached the server yet (`storage="remote"`). */
  threadNotSynced: string;
}

/** Editing a sent message (the edit message chunk). */
export interface EditMessageStrings {
  editLabel: string;
  editSend: string;
  editCancel: string;
}

/** A reply's Copy, thumbs and sources (with the message view). */
export interface ReplyExtrasStrings {
  /** The heading of the sources a reply cites. */
  sources: string;
  /** The accessible name of Copy on a reply (it copies the reply's text as markdown). */
  copyReply: string;
  /** Thumbs up and thumbs down on a reply (`feedback`). */
  feedbackGood: string;
  feedbackBad: string;
  /** The collapsed list of the sources a reply cites. */
  sourcesCount: CountedText;
}

/** Starter prompts and follow-ups (the suggestions chunk). */
export interface SuggestionsStrings {
  /** The group of starter prompts on an empty conversation, and of the backend's follow-ups under the last reply. */
  suggestionsStarter: string;
  suggestionsFollowUp: string;
}

/** The files sent with the person's message (the user attachments chunk). */
export interface UserAttachmentsStrings {
  /** Names the files sent with the person's message. */
  sentFiles: string;
  /** A sent image's thumbnail, which opens it in full: {name} is the file's name. */
  openImage: string;
}

/** Attaching files (`attachments`): the button, the tray, the drop target (the attachments chunk). */
export interface AttachStrings {
  /** The composer's button that picks files. */
  attachButton: string;
  /** The tray of files about to be sent. */
  attachTray: string;
  /** A file's remove button: {name}. */
  attachRemove: string;
  /** A file's upload progress: {name}. */
  attachUploading: string;
  /** Send while it waits for uploads to finish. */
  attachWaiting: string;
  /** Over the chat while files are dragged over it. */
  attachDrop: string;
  /** Why a file was not attached: {name}; {max} the size limit, or the files allowed per message. */
  attachRefusedType: string;
  attachRefusedSize: string;
  attachRefusedCount: string;
  attachRefusedUpload: string;
  /** Takes away the notice of a file not attached. */
  attachDismiss: string;
}

/** The messages sent while a reply streamed, above the composer (the queued messages chunk). */
export interface QueueStrings {
  /** The list of messages waiting to be sent, one per reply. */
  queueLabel: string;
  /** A queued message's remove button: {text} is the start of the message. */
  queueRemove: string;
  /** A reply failed while messages were queued: they wait until the person sends them. */
  queueFailed: CountedText;
  /** A reply was stopped while messages were queued. */
  queueStopped: CountedText;
  /** The agent's questions wait in their form: the queued messages go once it is answered. */
  queueWaiting: CountedText;
  /** How many messages wait (said to screen readers as the queue grows or shrinks). */
  queueCount: CountedText;
  /** Sends the queued messages after all (the first now, the others one per reply). */
  queueResume: string;
}

/** What the chat says of a reply once it has ended, in its live region (the reply announcement chunk). */
export interface ReplyAnnouncementStrings {
  /** A finished reply too long to say whole: its first words `{text}`, and that the rest is in the conversation. */
  replyContinues: string;
}

/** The texts whose English comes with the view that shows them, not with the first load. */
export interface LateStrings
  extends
    ToolCardStrings,
    CallStrings,
    ElicitationStrings,
    ActivityStrings,
    InterruptStrings,
    QuestionFormStrings,
    AppFrameStrings,
    SignInStrings,
    McpNoticeStrings,
    ThreadListStrings,
    EditMessageStrings,
    ReplyExtrasStrings,
    SuggestionsStrings,
    UserAttachmentsStrings,
    AttachStrings,
    QueueStrings,
    ReplyAnnouncementStrings {}

/**
 * Every UI text, by key: what a chat's views are given. A late one is there when the chat's
 * language or the page's `strings` give it; else the view that shows it reads the English that
 * came with it (`lateTexts`).
 */
export interface ChatStrings extends CoreStrings, Partial<LateStrings> {}

/**
 * What the page may give as `strings`: any text of its own, and a counted text also in the older
 * form, one text per plural category (or one string), read in the chat's language.
 */
export type ChatStringOverrides = {
  [Key in keyof ChatStrings]?: NonNullable<ChatStrings[Key]> extends CountedText ? CountedText | Counted : ChatStrings[Key];
};

/**
 * A language's table: all its texts, made with the plural rules of its language
 * (`plural(count, { one: …, other: … })`), so the table's file imports nothing.
 */
export type Translation = (plural: Plural) => CoreStrings & LateStrings;

/** A language's texts of generated forms: every one, so the type checker names one it lacks. */
export type FormTexts = Omit<SchemaFormLabels, 'locale'>;
