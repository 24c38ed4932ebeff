/**
 * Links clicked in the chat (replies, tool results, the greeting) announce themselves first with
 * the cancelable `agent-chat-open-link`; a page that cancels it keeps the navigation from happening.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { emit } from '../events.js';

export class LinkAnnouncer implements ReactiveController {
  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('click', this.onClick);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('click', this.onClick);
  }

  private readonly onClick = (event: MouseEvent) => {
    const path = event.composedPath();
    const inside = path.slice(0, path.indexOf(this.host));
    const anchor = inside.find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && !!node.href);
    if (anchor && !emit(this.host, 'agent-chat-open-link', { url: anchor.href }, { cancelable: true })) event.preventDefault();
  };
}
