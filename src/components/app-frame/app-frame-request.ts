/**
 * What a frame element hands the host for one app (`FrameRequest`): the app's document and the
 * iframe it runs in, and what the frame does when the app asks for something.
 */
import type { PersonPrompt } from '../../mcp/app-call-prompt.js';
import type { AppDownload } from '../../mcp/app-download.js';
import type { DisplayMode, FrameRequest } from '../../mcp/host-api.js';
import type { AppInfo } from '../../mcp/mcp-types.js';
import type { AgentChatAppFrame } from './app-frame.js';

/** How long a saved file's object URL lives (the browser has the file by then). */
const OBJECT_URL_MS = 40_000;

/** What the frame gives the request as it opens the app. */
export type AppFrameRequestValues = Pick<FrameRequest, 'iframe' | 'app' | 'html' | 'instanceId' | 'sandboxUrl' | 'hostContext'>;

export class AppFrameRequest implements FrameRequest {
  readonly iframe!: HTMLIFrameElement;
  readonly app!: AppInfo;
  readonly html!: string;
  /** The card's tool call id. */
  readonly instanceId!: string;
  readonly sandboxUrl?: string;
  readonly hostContext!: Record<string, unknown>;

  constructor(
    private readonly frame: AgentChatAppFrame,
    values: AppFrameRequestValues,
  ) {
    Object.assign(this, values);
  }

  title(): string {
    return this.frame.heading;
  }

  kind(): 'card' | 'pane' {
    return this.frame.inPane() ? 'pane' : 'card';
  }

  /** A field: the host hands it on to the checks as a plain function. */
  readonly prompt: PersonPrompt = (message) => this.frame.ask(message);

  message(text: string, consent: boolean): Promise<boolean> {
    return this.frame.sendFromApp(text, consent);
  }

  updateModelContext(value: { content?: unknown[]; structuredContent?: Record<string, unknown> }): void {
    this.frame.context!.setModelContext(this.instanceId, this.frame.heading, value);
  }

  openLink(url: string): Promise<boolean> {
    return this.frame.appOpensLink(url);
  }

  downloadGesture(files: readonly AppDownload[]): boolean | Promise<boolean> {
    return this.frame.appDownloads(files.map((file) => file.name));
  }

  announceDownload({ name, mimeType, size }: AppDownload): boolean {
    const source = { kind: 'app' as const, server: this.app.source, instanceId: this.instanceId, title: this.frame.heading };
    return this.frame.context!.announceDownload({ name, mimeType, size, source });
  }

  /**
   * Saves a file by a click on a link with `download`, never in the document: the browser only
   * saves it. The Blob is typed as plain bytes, so even an HTML or SVG file is never shown, and its
   * URL is let go once the browser has it.
   */
  saveDownload(file: AppDownload): void {
    const url = URL.createObjectURL(new Blob([file.data], { type: 'application/octet-stream' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.rel = 'noopener';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
  }

  requestDisplayMode(mode: DisplayMode): Promise<DisplayMode> {
    return this.frame.appRequestsMode(mode);
  }

  closeRequested(): void {
    this.frame.onAppClosed();
  }

  appDeclaredModes(modes: DisplayMode[] | undefined): void {
    this.frame.onAppModes(modes);
  }

  sizeChanged(size: { width?: number; height?: number }): void {
    this.frame.onAppSize(size);
  }

  leftItsPage(): void {
    this.frame.onAppLeftItsPage();
  }

  acted(): void {
    if (!this.frame.call.app?.acted) this.frame.context?.update(this.instanceId, { acted: true });
  }

  focusSignal(signal: 'press' | 'grab'): void {
    this.frame.onAppFocusSignal(signal);
  }
}
