/**
 * Events between the chat's own elements. They are not the page's business: their names do not
 * use the public `agent-chat-` prefix, and all but `AnswerEvent` stay in the shadow tree they are
 * sent in. `AnswerEvent` and `FeedbackEvent` are composed (a card may sit shadow roots deep) and `McpServerChangeEvent`
 * and `McpServerSignOutEvent` bubble from a light-DOM child to its chat: the chat stops them. Sender
 * and listener share the class: the sender dispatches `new X(...)`, the listener binds
 * `on(X, handler)` in a template or calls `listen`.
 */
import { nothing, type ElementPart } from 'lit';
import { Directive, PartType, directive, type PartInfo } from 'lit/directive.js';
import type { Answers, Attachment, InterruptResponse } from '../conversation/types.js';

/** An event class of this module: its `type` and its instances. */
export interface InternalEventClass<E extends Event> {
  readonly type: string;
  new (...args: never[]): E;
}

/** Events a parent binds on the sender itself do not bubble; those the log listens for do. */
const direct = { bubbles: false } as const;
const bubbling = { bubbles: true } as const;

/** The composer's Send: the text as typed, and the files attached (uploaded, when `uploadFile` uploads). */
export class ComposerSendEvent extends Event {
  static readonly type = 'chat:composer-send';
  constructor(
    readonly text: string,
    readonly attachments: Attachment[] = [],
  ) {
    super(ComposerSendEvent.type, direct);
  }
}

/** The composer's Stop. */
export class ComposerStopEvent extends Event {
  static readonly type = 'chat:composer-stop';
  constructor() {
    super(ComposerStopEvent.type, direct);
  }
}

/** Retry on a failed or stopped reply. */
export class RetryRequestEvent extends Event {
  static readonly type = 'chat:retry-request';
  constructor() {
    super(RetryRequestEvent.type, bubbling);
  }
}

/** What the person did to a turn: edit their message, regenerate a reply, show another version. */
export type TurnAction = { kind: 'edit'; turnId: string; text: string } | { kind: 'regenerate'; turnId: string } | { kind: 'switch'; siblingId: string };

export class TurnActionEvent extends Event {
  static readonly type = 'chat:turn-action';
  constructor(readonly action: TurnAction) {
    super(TurnActionEvent.type, bubbling);
  }
}

/** The person answered a card: the agent's questions (ask_user) or an interrupt. */
export type AnswerDetail = { kind: 'question'; toolCallId: string; answers: Answers } | { kind: 'interrupt'; interruptId: string; response: InterruptResponse };

export class AnswerEvent extends Event {
  static readonly type = 'chat:answer';
  constructor(readonly answer: AnswerDetail) {
    super(AnswerEvent.type, { bubbles: true, composed: true });
  }
}

/** A question form's answers, before its card turns them into an `AnswerEvent`. */
export class QuestionSubmitEvent extends Event {
  static readonly type = 'chat:question-submit';
  constructor(readonly answers: Answers) {
    super(QuestionSubmitEvent.type, direct);
  }
}

/** A schema form's valid value. */
export class SchemaFormSubmitEvent extends Event {
  static readonly type = 'chat:schema-form-submit';
  constructor(readonly value: unknown) {
    super(SchemaFormSubmitEvent.type, direct);
  }
}

/** The person's edited message: Save (with the new text) or Cancel (`text` undefined). */
export class EditDoneEvent extends Event {
  static readonly type = 'chat:edit-done';
  constructor(readonly text?: string) {
    super(EditDoneEvent.type, direct);
  }
}

/** What the person asked of the list of conversations. */
export type ThreadAction = { kind: 'select' | 'delete' | 'export'; id: string } | { kind: 'rename'; id: string; title: string } | { kind: 'new' } | { kind: 'import'; file: File };

export class ThreadActionEvent extends Event {
  static readonly type = 'chat:thread-action';
  constructor(readonly action: ThreadAction) {
    super(ThreadActionEvent.type, direct);
  }
}

/** An `<agent-chat-mcp-server>` child changed (added, removed, or one of its attributes). */
export class McpServerChangeEvent extends Event {
  static readonly type = 'chat:mcp-server-change';
  constructor() {
    super(McpServerChangeEvent.type, bubbling);
  }
}

/** `signOut()` of an `<agent-chat-mcp-server>` child: its chat sets `done` to the work's promise. */
export class McpServerSignOutEvent extends Event {
  static readonly type = 'chat:mcp-server-sign-out';
  done?: Promise<void>;
  constructor() {
    super(McpServerSignOutEvent.type, bubbling);
  }
}

/** The person rated a reply (`null`: took the rating back). Composed: it comes from inside the reply's row of actions. */
export class FeedbackEvent extends Event {
  static readonly type = 'chat:feedback';
  constructor(
    readonly replyId: string,
    readonly rating: 'up' | 'down' | null,
  ) {
    super(FeedbackEvent.type, { bubbles: true, composed: true });
  }
}

/** Listens for `kind` on `target`; returns the function that stops listening. */
export function listen<E extends Event>(target: EventTarget, kind: InternalEventClass<E>, handler: (event: E) => void): () => void {
  const listener = (event: Event) => handler(event as E);
  target.addEventListener(kind.type, listener);
  return () => target.removeEventListener(kind.type, listener);
}

/** `<x ${on(SomeEvent, handler)}>` in a template: the element's listener for one internal event. */
class OnDirective extends Directive {
  private bound?: { element: Element; type: string };
  private handler?: (event: Event) => void;
  private readonly listener = (event: Event) => this.handler?.(event);

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('on() belongs on an element');
  }

  render(_kind: InternalEventClass<Event>, _handler: (event: never) => void) {
    return nothing;
  }

  override update(part: ElementPart, [kind, handler]: [InternalEventClass<Event>, (event: never) => void]) {
    this.handler = handler as (event: Event) => void;
    if (this.bound?.element !== part.element || this.bound.type !== kind.type) {
      this.bound?.element.removeEventListener(this.bound.type, this.listener);
      part.element.addEventListener(kind.type, this.listener);
      this.bound = { element: part.element, type: kind.type };
    }
    return nothing;
  }
}

const onDirective = directive(OnDirective);

/** Binds `handler` to the internal event `kind` on the element it is placed on. */
export const on = <E extends Event>(kind: InternalEventClass<E>, handler: (event: E) => void) => onDirective(kind, handler as (event: never) => void);
