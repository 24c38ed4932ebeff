import { onFirstNeed } from '../../internal/lazy.js';

/** The queued messages' view, loaded when the first message is queued (its tag is drawn from the start, empty until then). */
export const loadQueuedMessages = onFirstNeed(() => import('./queued-messages.js'), 'the queued messages');
