/**
 * What a card tells its app of the host (`hostContext` in the answer to `ui/initialize`, with the
 * look from `host-look.ts`), and the display modes it offers: what the chat allows (full screen only where `allowFullScreen`), cut to
 * what the app declared in its `ui/initialize` when it declared any. Inline — the card itself — is
 * always one of them.
 */
import type { ToolCallPart } from '../../conversation/types.js';
import type { DisplayMode } from '../../mcp/host-api.js';

export function offeredModes(allowFullScreen: boolean, declared: readonly DisplayMode[] | undefined): DisplayMode[] {
  const allowed: DisplayMode[] = allowFullScreen ? ['inline', 'fullscreen', 'pip'] : ['inline', 'pip'];
  return declared ? allowed.filter((mode) => mode === 'inline' || declared.includes(mode)) : allowed;
}

export interface HostContextInput {
  mode: DisplayMode;
  modes: DisplayMode[];
  width: number;
  maxHeight: number;
  call: ToolCallPart;
}

export function appHostContext({ mode, modes, width, maxHeight, call }: HostContextInput): Record<string, unknown> {
  const media = (query: string) => window.matchMedia(query).matches;
  return {
    displayMode: mode,
    availableDisplayModes: modes,
    containerDimensions: { width: Math.round(width), maxHeight },
    userAgent: 'agent-chat',
    platform: 'web',
    deviceCapabilities: { touch: media('(pointer: coarse)'), hover: media('(hover: hover)') },
    ...(call.app?.tool ? { toolInfo: { id: call.id, tool: call.app.tool } } : {}),
  };
}
