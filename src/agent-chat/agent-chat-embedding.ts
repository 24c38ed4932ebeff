/**
 * How the chat sits on the page, over its configuration: inline, or a launcher and a panel
 * (`mode="popup"` / `"sidebar"`, their workings a chunk of their own) with `show()`, `hide()` and
 * `toggle()`. It draws the launcher and
 * the panel around the chat that `AgentChatElement` draws, and holds the chat's language, which the
 * launcher needs before anything else is drawn.
 */
import { nothing, type TemplateResult } from 'lit';
import { LocalizeController } from '../i18n/localize.js';
import { AgentChatProperties } from './agent-chat-properties.js';
import { EmbedState } from './embed-state.js';
import { embedTemplate } from './embed-templates.js';

export abstract class AgentChatEmbedding extends AgentChatProperties {
  /** The chat's language and texts, provided to every view inside. */
  protected readonly localize = new LocalizeController(this);
  /** Inline, or a launcher and a panel: open or not, unread replies, a popup's lazy start. */
  protected readonly embed: EmbedState = new EmbedState(this, {
    start: () => this.startWorkings(),
    focusComposer: () => this.focusComposer(),
    focusLauncher: () => this.renderRoot.querySelector<HTMLElement>('.launcher')?.focus(),
    panel: () => this.renderRoot.querySelector<HTMLElement>('.panel'),
    shown: () => this.panelShown(),
    focusFirst: () => this.renderRoot.querySelector<HTMLElement>('.frame .header button')?.focus(),
  });

  /** Whether the chat's workings run: at once inline; a popup or sidebar once first opened or used. */
  get started(): boolean {
    return this.embed.started;
  }

  /** (popup, sidebar) Opens the panel and puts the keyboard in the composer. */
  show(): void {
    this.embed.setOpen(true, 'method');
  }

  /** (popup, sidebar) Closes the panel; the keyboard, if it was inside, goes back to the launcher. */
  hide(): void {
    this.embed.setOpen(false, 'method');
  }

  /** (popup, sidebar) Opens the panel when it is closed, closes it when it is open. */
  toggle(): void {
    this.embed.toggle();
  }

  /** Also waits, in a popup or sidebar, until the panel's workings are here and drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    for (let arriving = this.embed.arriving; arriving; arriving = this.embed.arriving) {
      await arriving;
      result = await super.getUpdateComplete();
    }
    return result;
  }

  override render() {
    const chat = this.embed.started ? this.renderChat() : nothing;
    const strings = this.localize.strings;
    return embedTemplate(
      {
        mode: this.embed.mode,
        strings,
        open: this.open,
        started: this.embed.started,
        unread: this.embed.unread,
        launcherLabel: this.launcherLabel,
        panelLabel: this.heading || strings.conversation,
        dir: this.localize.dir,
        onLauncher: () => this.embed.setOpen(!this.open, 'launcher'),
        fullScreen: this.embed.fullScreen,
        onPanelKey: this.embed.onPanelKey,
        onEdgeFocus: this.embed.onEdgeFocus,
      },
      chat,
    );
  }

  /** The chat itself: inline, or the panel's content. */
  protected abstract renderChat(): TemplateResult;
  protected abstract startWorkings(): void;
  protected abstract focusComposer(): void;
  /** The panel came into view. */
  protected abstract panelShown(): void;
}
