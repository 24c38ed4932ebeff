/**
 * The part of an app's host context that follows the chat's look and place: theme, style variables
 * and fonts, locale, time zone, the container's size, and the screen's safe-area insets where the
 * app's box meets the screen's edges. The app hears it in full with `ui/initialize`, then each field again
 * (`ui/notifications/host-context-changed`) whenever it changes: the theme or language switched,
 * the page restyled the chat, the chat's fonts were read, the box went full screen on a phone.
 */
import { chatFontFaces } from '../../mcp/host-fonts.js';
import { hostStyleVariables, safeAreaInsets } from '../../mcp/host-styles.js';
import { closestAcrossShadows } from './box-placement.js';

interface FontRead {
  /** What was read last (kept while a newer read is under way). */
  css?: string;
  /** The page's style sheets when it was read: more of them, and it is read again (a font loaded late). */
  sheets: number;
  reading?: Promise<void>;
}

/** The chat's `@font-face` rules for apps, by its font lists. */
const fontReads = new Map<string, FontRead>();

/** The fonts as last read; while they are (read again), `onRead` is called once they are. */
function fontsFor(probe: HTMLElement, onRead: () => void): string | undefined {
  const style = getComputedStyle(probe);
  const lists = [style.getPropertyValue('--_font').trim(), style.getPropertyValue('--_font-mono').trim()];
  const key = lists.join('\n');
  const sheets = document.styleSheets.length + document.adoptedStyleSheets.length;
  let entry = fontReads.get(key);
  if (!entry || entry.sheets !== sheets) {
    const read: FontRead = { css: entry?.css, sheets };
    read.reading = chatFontFaces(lists)
      .then((css) => void (read.css = css))
      .catch(() => undefined)
      .finally(() => (read.reading = undefined));
    fontReads.set(key, (entry = read));
  }
  void entry.reading?.then(onRead);
  return entry.css;
}

export interface LookInput {
  theme: string;
  locale: string;
}

export class HostLook {
  /** Each field as the app last heard it (JSON). */
  private readonly heard = new Map<string, string>();
  private observer?: MutationObserver;
  private resizes?: ResizeObserver;

  constructor(
    private readonly frame: HTMLElement,
    private readonly input: () => LookInput | undefined,
    /** The app's box when it may meet the screen's edges (full screen); in its card or floating, the chat's own bars are between. */
    private readonly atEdges: () => Element | undefined,
    /** Where the app is: `containerDimensions`, when the box has a size. */
    private readonly place: () => Record<string, unknown>,
    /** Sends a change to the app; false when there is no app to hear it yet. */
    private readonly send: (change: Record<string, unknown>) => boolean,
  ) {}

  /** The look now, for `ui/initialize`: remembered as what the app heard first. */
  first(): Record<string, unknown> {
    const look = this.read();
    this.heard.clear();
    for (const [key, value] of Object.entries(look)) this.heard.set(key, JSON.stringify(value));
    this.watch();
    return look;
  }

  /** Checks again whenever `elements` change size (the card's width, the floating frame's size). */
  observeSize(elements: (Element | undefined)[]): void {
    this.resizes ??= new ResizeObserver(() => this.check());
    for (const element of elements) if (element) this.resizes.observe(element);
  }

  /** Tells the app the fields that changed since it last heard them. */
  check(): void {
    if (!this.heard.size || !this.input()) return;
    const look = this.read();
    const change = Object.fromEntries(Object.entries(look).filter(([key, value]) => this.heard.get(key) !== JSON.stringify(value)));
    if (!Object.keys(change).length || !this.send(change)) return;
    for (const [key, value] of Object.entries(change)) this.heard.set(key, JSON.stringify(value));
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.resizes?.disconnect();
    this.resizes = undefined;
    this.heard.clear();
  }

  private read(): Record<string, unknown> {
    const { theme, locale } = this.input() ?? { theme: 'light', locale: navigator.language };
    const fonts = fontsFor(this.frame, () => this.check());
    const atEdges = this.atEdges();
    return {
      theme,
      locale,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      styles: { variables: hostStyleVariables(this.frame), ...(fonts ? { css: { fonts } } : {}) },
      safeAreaInsets: atEdges ? safeAreaInsets(this.frame, atEdges.getBoundingClientRect()) : { top: 0, right: 0, bottom: 0, left: 0 },
      ...this.place(),
    };
  }

  /** The page restyles the chat through attributes on it or on the document's root (a class, a style, `data-theme`); the theme and language come with the context. */
  private watch(): void {
    if (this.observer) return;
    this.observer = new MutationObserver(() => this.check());
    const chat = closestAcrossShadows(this.frame, 'agent-chat');
    const options = { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] };
    this.observer.observe(document.documentElement, options);
    if (document.body) this.observer.observe(document.body, options);
    if (chat) this.observer.observe(chat, options);
  }
}
