/** The display attributes' values and their checks: a wrong value is reported and falls back to the default. */
import type { DisplayOptions } from '../internal/contexts.js';
import { IMAGES_MODES, type ImagesMode } from '../render/image-policy.js';
import type { ToolDisplay } from '../conversation/tool-display.js';

export type ToolCardsMode = 'open' | 'collapsed';
export type Theme = 'light' | 'dark' | 'auto';

const THEMES: readonly string[] = ['light', 'dark', 'auto'];
const TOOL_CARDS: readonly string[] = ['open', 'collapsed'];
const MODES: readonly string[] = ['inline', 'popup', 'sidebar'];
const POSITIONS: readonly string[] = ['bottom-right', 'bottom-left'];

/** Problems with the display attributes; a wrong value falls back to the default. */
export function checkDisplayOptions(input: { theme?: string; toolCards?: string; images?: string; mode?: string; position?: string }): string[] {
  const problems: string[] = [];
  if (input.theme !== undefined && !THEMES.includes(input.theme)) {
    problems.push(`theme="${input.theme}" must be "light", "dark" or "auto"; "auto" is used.`);
  }
  if (input.toolCards !== undefined && !TOOL_CARDS.includes(input.toolCards)) {
    problems.push(`tool-cards="${input.toolCards}" must be "open" or "collapsed"; "collapsed" is used.`);
  }
  if (input.images !== undefined && !(IMAGES_MODES as readonly string[]).includes(input.images)) {
    problems.push(`images="${input.images}" must be "allow", "click" or "none"; "click" is used.`);
  }
  if (input.mode !== undefined && !MODES.includes(input.mode)) {
    problems.push(`mode="${input.mode}" must be "inline", "popup" or "sidebar"; "inline" is used.`);
  }
  if (input.position !== undefined && !POSITIONS.includes(input.position)) {
    problems.push(`position="${input.position}" must be "bottom-right" or "bottom-left"; "bottom-right" is used.`);
  }
  return problems;
}

/**
 * A boolean attribute that can also be switched off by value: present means on, except
 * `="false"` (so `show-requests="false"` means what it says).
 */
export const flagAttribute = {
  fromAttribute: (value: string | null): boolean => value !== null && value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean): string | null => (value ? '' : null),
};

/** The element's display settings, checked, as the views read them (`displayContext`). */
export function displayOptions(
  host: {
    toolCards: string;
    showRequests: boolean;
    toolDisplay: Record<string, ToolDisplay>;
    showActivity: boolean;
    activityLimit: unknown;
    images: string;
    math: boolean;
    feedback: boolean;
    tools: unknown;
    activityRenderers: DisplayOptions['activityRenderers'];
    stateRenderer?: DisplayOptions['stateRenderer'];
  },
  appContext: DisplayOptions['appContext'],
): DisplayOptions {
  const limit = Number(host.activityLimit);
  return {
    toolCardsOpen: host.toolCards === 'open',
    showRequests: host.showRequests,
    toolDisplay: host.toolDisplay,
    appContext,
    showActivity: host.showActivity,
    // Subagent calls shown per reply: `activity-limit` when it is a count, else 256.
    activityLimit: Number.isFinite(limit) && limit >= 0 ? Math.floor(limit) : 256,
    images: (IMAGES_MODES as readonly string[]).includes(host.images) ? (host.images as ImagesMode) : 'click',
    math: host.math,
    feedback: host.feedback,
    pageTools: host.tools,
    activityRenderers: host.activityRenderers,
    stateRenderer: host.stateRenderer,
  };
}
