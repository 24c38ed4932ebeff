/**
 * The settings every view of a chat shares, handed down through `@lit/context` rather than from
 * property to property: the UI texts of the chat's language and the display options. The chat
 * provides both; a view consumes what it needs (`@consume({ context, subscribe: true })`) and keeps
 * English and the defaults until a provider answers, so it also works on its own.
 */
import { ContextProvider, createContext } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import type { PageDrawing, ToolDisplay } from '../conversation/tool-display.js';
import type { ChatStrings } from '../i18n/chat-strings.js';
import type { AppContext } from '../mcp/app-context.js';
import type { ImagesMode } from '../render/image-policy.js';

export const stringsContext = createContext<ChatStrings>(Symbol('agent-chat strings'));

/** How the chat shows what it shows, as its attributes and properties set it. */
export interface DisplayOptions {
  /** Tool cards start open. */
  toolCardsOpen: boolean;
  /** Tool cards show the call's arguments. */
  showRequests: boolean;
  /** Per tool name: title, icon, open, showRequest… */
  toolDisplay: Record<string, ToolDisplay>;
  /** What an app frame needs from the chat; none where cards never run apps. */
  appContext?: AppContext;
  /** Show what subagents did. */
  showActivity: boolean;
  /** Subagent calls shown per reply (a whole number, 0 or more). */
  activityLimit: number;
  /** Images from other origins in untrusted text: `allow`, `click` or `none`. */
  images: ImagesMode;
  /** TeX between `$…$`, `$$…$$`, `\(…\)`, `\[…\]` in replies renders as math. */
  math: boolean;
  /** Replies offer thumbs up and down. */
  feedback: boolean;
  /** The page's renderers: its tools (each may have `render`), per activity type, and of the shared state. */
  pageTools?: unknown;
  activityRenderers?: Record<string, (content: Record<string, unknown>) => PageDrawing>;
  stateRenderer?: (state: unknown) => PageDrawing;
}

export const defaultDisplay: DisplayOptions = {
  toolCardsOpen: false,
  showRequests: false,
  toolDisplay: {},
  showActivity: true,
  activityLimit: 256,
  images: 'click',
  math: false,
  feedback: false,
};

export const displayContext = createContext<DisplayOptions>(Symbol('agent-chat display'));

/**
 * Provides `displayContext` on `host`, as `read` gives it before each render (after `willUpdate`);
 * the views get a new value only when an option changed, so a streaming chat does not redraw them for it.
 */
export function provideDisplay(host: ReactiveControllerHost & HTMLElement, read: () => DisplayOptions): void {
  const provider = new ContextProvider(host, { context: displayContext, initialValue: defaultDisplay });
  host.addController({
    hostUpdate() {
      const next = read();
      const now = provider.value;
      if ((Object.keys(next) as (keyof DisplayOptions)[]).some((key) => next[key] !== now[key])) provider.setValue(next);
    },
  });
}
