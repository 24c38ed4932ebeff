/** How the chat sits on the page (`mode`), and what the embedding needs of the element. */
import type { ReactiveControllerHost } from 'lit';
import type { AgentChatOpenChangeDetail } from '../events.js';

export type EmbedMode = 'inline' | 'popup' | 'sidebar';
export type OpenReason = AgentChatOpenChangeDetail['reason'];

export const EMBED_MODES: readonly EmbedMode[] = ['inline', 'popup', 'sidebar'];

/** The mode an attribute value names; anything unknown is inline (the configuration notice says so). */
export const embedModeOf = (value: string): EmbedMode => (EMBED_MODES.includes(value as EmbedMode) ? (value as EmbedMode) : 'inline');

export interface EmbedHost extends ReactiveControllerHost, HTMLElement {
  mode: string;
  open: boolean;
  storage: string;
  storageKey: string;
  closeOnOutsideClick: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface EmbedHooks {
  /** The chat's workings start: storage, the adapter, MCP servers, the renderer. */
  start(): void;
  focusComposer(): void;
  focusLauncher(): void;
  /** The panel, once drawn (the viewport's size is set on it). */
  panel(): HTMLElement | null;
  /** The panel came into view: the log goes to its end. */
  shown(): void;
  /** The panel's first control (its header's first button). */
  focusFirst(): void;
}
