import { onFirstNeed } from '../../internal/lazy.js';

/**
 * The message view (`message.ts`) and what only it draws load as the chat starts, not with the
 * first screen: an empty chat shows none, and a conversation arrives after an await (storage, a
 * reply) or draws its tags at once and fills them in when the view is there.
 */
export const loadMessageView = onFirstNeed(() => import('./message.js'), 'the messages');

/** Whether the message view is defined, so the messages drawn are working views. */
export const messageViewLoaded = (): boolean => customElements.get('agent-chat-message') !== undefined;
