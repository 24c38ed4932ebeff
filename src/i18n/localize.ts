/**
 * The chat's language and its texts. The language is the element's `lang`, else the nearest
 * `[lang]` around it, else the page's `<html lang>`; its table loads on first need (English
 * meanwhile), the page's `strings` go on top, and the result is provided to every view below
 * (`stringsContext`). It follows the element's `lang` and `strings`, and any `lang` on the page
 * changing while the element is connected: everything redraws in the new language. It also says
 * which way the chat is written (`dir`): right to left for such a language unless a `dir` nearer
 * than that language's `lang` says otherwise. Each language's number format is made while the page
 * is idle, before a count first needs it.
 */
import { ContextProvider } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { stringsContext } from '../internal/contexts.js';
import type { ChatStringOverrides, ChatStrings } from './chat-strings.js';
import { whenIdle } from '../internal/idle.js';
import { directionOf } from './direction.js';
import { prepareCounts } from './plural.js';
import { englishStrings, loadStrings, resolveStrings, stringsLoaded } from './strings.js';

// The page's language starts loading with the element, so its texts are usually there by the first draw.
if (typeof document !== 'undefined') void loadStrings(document.documentElement.lang);

export type LocalizeHost = ReactiveControllerHost & HTMLElement & { lang: string; strings?: ChatStringOverrides };

const LANG_CHANGES: MutationObserverInit = { attributes: true, attributeFilter: ['lang', 'dir'], subtree: true };

export class LocalizeController implements ReactiveController {
  private readonly provider: ContextProvider<typeof stringsContext>;
  private observer?: MutationObserver;
  /** The language and the page's overrides the texts were resolved with (none: resolve again). */
  private language?: string;
  private overrides?: ChatStringOverrides;
  /** The direction the chat was last drawn with. */
  private direction?: 'rtl';

  constructor(private readonly host: LocalizeHost) {
    this.provider = new ContextProvider(host, { context: stringsContext, initialValue: englishStrings });
    host.addController(this);
  }

  /** The texts in the chat's language, the page's overrides applied. */
  get strings(): ChatStrings {
    return this.provider.value;
  }

  hostConnected(): void {
    this.observer ??= new MutationObserver(this.followPage);
    this.observer.observe(document.documentElement, LANG_CHANGES);
    // Inside a shadow root, the nearest `[lang]` may be in it: its changes are not the document's.
    const root = this.host.getRootNode();
    if (root instanceof ShadowRoot) this.observer.observe(root, LANG_CHANGES);
    this.followPage();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
  }

  hostUpdate(): void {
    this.direction = this.dir;
    const language = this.languageNow();
    const { strings } = this.host;
    if (language === this.language && strings === this.overrides) return;
    this.language = language;
    this.overrides = strings;
    this.provider.setValue(resolveStrings(language, strings));
    const { locale } = this.strings;
    whenIdle(() => prepareCounts(locale), 1000);
    if (stringsLoaded(language)) return;
    void loadStrings(language).then(() => {
      if (this.language !== language) return;
      this.language = undefined;
      this.host.requestUpdate();
    });
  }

  /** The chat's language now (BCP 47; empty when neither the element nor the page says). */
  get lang(): string {
    return this.languageNow();
  }

  /**
   * `rtl` when the chat's language is written right to left and no `dir` attribute says otherwise
   * (on the element, or around it no farther than the `lang` that gave the language); otherwise
   * none: the direction the chat inherits applies.
   */
  get dir(): 'rtl' | undefined {
    const { host } = this;
    const nearest = host.closest('[dir], [lang]:not([lang=""])');
    if (nearest ? nearest.hasAttribute('dir') : document.documentElement.hasAttribute('dir')) return undefined;
    return directionOf(this.languageNow()) === 'rtl' ? 'rtl' : undefined;
  }

  private languageNow(): string {
    const { host } = this;
    return host.lang || host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;
  }

  /** A `lang` or `dir` changed somewhere (or the host moved): redraw when that changes the chat's language or direction. */
  private readonly followPage = () => {
    if (this.languageNow() !== this.language || this.dir !== this.direction) this.host.requestUpdate();
  };
}
