/**
 * Inline, or a launcher and a panel: what the element asks of its embedding. An inline chat needs
 * nothing more than "it has started"; the panel's workings (embed-controller.ts, with the
 * launcher's and the panel's styles) are a chunk loaded when the mode first is `popup` or
 * `sidebar`. Until it is here, such a chat draws nothing, and what was asked of it (`show()`, a
 * method that starts it) is done once it arrives.
 */
import type { ReactiveController } from 'lit';
import type { EmbedController } from './embed-controller.js';
import { embedModeOf, type EmbedHooks, type EmbedHost, type EmbedMode, type OpenReason } from './embed-mode.js';

export class EmbedState implements ReactiveController {
  private controller?: EmbedController;
  private loading?: Promise<void>;
  private waiting: ((controller: EmbedController) => void)[] = [];
  private drawnInline = false;

  constructor(
    private readonly host: EmbedHost,
    private readonly hooks: EmbedHooks,
  ) {
    host.addController(this);
  }

  get mode(): EmbedMode {
    return embedModeOf(this.host.mode);
  }

  /** A launcher and a panel (popup or sidebar) rather than a block in the page. */
  get floating(): boolean {
    return this.mode !== 'inline';
  }

  /** Whether the chat's workings run: inline always; a panel once opened or used. */
  get started(): boolean {
    return this.controller ? this.controller.started : !this.floating || this.drawnInline;
  }

  /** Replies that finished while the panel was closed. */
  get unread(): number {
    return this.controller?.unread ?? 0;
  }

  /** A phone's whole screen: the panel keeps the keyboard inside. */
  get fullScreen(): boolean {
    return this.controller?.fullScreen ?? false;
  }

  /** Settles once a popup's or sidebar's workings are here (undefined when nothing is loading). */
  get arriving(): Promise<void> | undefined {
    return this.controller ? undefined : this.loading;
  }

  /** Starts the chat's workings if they have not (a method that needs them was called). */
  wake(): void {
    this.withController((controller) => controller.wake());
  }

  setOpen(open: boolean, reason: OpenReason): void {
    this.withController((controller) => controller.setOpen(open, reason));
  }

  toggle(): void {
    this.withController((controller) => controller.toggle());
  }

  readonly onPanelKey = (event: KeyboardEvent): void => this.controller?.onPanelKey(event);
  readonly onEdgeFocus = (edge: 'start' | 'end'): void => this.controller?.onEdgeFocus(edge);

  hostConnected(): void {
    this.controller?.hostConnected();
  }

  hostDisconnected(): void {
    this.controller?.hostDisconnected();
  }

  hostUpdate(): void {
    if (this.controller) return this.controller.hostUpdate();
    if (!this.floating) this.drawnInline = true;
    else this.loading ??= this.load();
  }

  hostUpdated(): void {
    this.controller?.hostUpdated();
  }

  /** Inline there is nothing to do; a popup's request waits for its workings. */
  private withController(act: (controller: EmbedController) => void): void {
    if (this.controller) act(this.controller);
    else if (this.floating) {
      this.waiting.push(act);
      this.loading ??= this.load();
    }
  }

  private async load(): Promise<void> {
    const { EmbedController } = await import('./embed-controller.js');
    this.controller = new EmbedController(this.host, this.hooks, this.drawnInline);
    if (this.host.isConnected) this.controller.hostConnected();
    for (const act of this.waiting.splice(0)) act(this.controller);
    this.host.requestUpdate();
  }
}
