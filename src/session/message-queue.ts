/**
 * The messages sent while a reply streams, in order: one goes each time a reply ends well and
 * nothing waits for the person. No DOM; the session controller adds, sends, and gives the texts
 * back to the draft when another conversation is shown; the queue's view takes messages out
 * (Remove) and says what holds them (`components/queued-messages/queue-hold.ts`).
 */
import type { MessageSource } from '../conversation/types.js';

export interface QueuedMessage {
  /** The id its turn gets once it is sent. */
  id: string;
  text: string;
  /** The conversation it was sent in: once the chat shows another, it goes back to the composer's draft. */
  threadId: string;
  /** An app's message (`ui/message`), sent as the app's. */
  source?: MessageSource;
}

export class MessageQueue {
  /** In the order they were sent. */
  readonly items: QueuedMessage[] = [];

  /** The first message, taken out to be sent now; none while the chat is `occupied` (a reply streams, or something waits for the person). */
  next(occupied: boolean): QueuedMessage | undefined {
    return occupied ? undefined : this.items.shift();
  }

  /** Takes out, in order, the messages queued in another conversation than `threadId`. */
  takeOutOthers(threadId: string): QueuedMessage[] {
    const others = this.items.filter((message) => message.threadId !== threadId);
    if (others.length) this.items.splice(0, this.items.length, ...this.items.filter((message) => message.threadId === threadId));
    return others;
  }
}
