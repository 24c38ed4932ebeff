/**
 * The chat's design tokens as MCP Apps style variables (`hostContext.styles.variables`), so an app
 * can look like part of the chat: every variable of the ext-apps list the chat's own look defines.
 * Colours are resolved to plain colour values for the theme shown now (the tokens use
 * `light-dark()`, which an app document would resolve under its own colour scheme, not the chat's);
 * the chat tells its apps again when the theme changes. Not given, as the chat has no such colour:
 * the `success` and `warning` ones.
 */

/** Each colour variable, as a CSS colour made of the chat's private colour tokens. */
const mix = (token: string, percent: number, over = '--_bg') => `color-mix(in srgb, var(${token}) ${percent}%, var(${over}))`;
const COLORS: Record<string, string> = {
  '--color-background-primary': 'var(--_bg)',
  '--color-background-secondary': 'var(--_surface)',
  '--color-background-tertiary': 'var(--_code-bg)',
  '--color-background-inverse': 'var(--_text)',
  '--color-background-ghost': 'transparent',
  '--color-background-info': mix('--_accent', 12),
  '--color-background-danger': 'var(--_error-bg)',
  '--color-background-disabled': 'var(--_surface)',
  '--color-text-primary': 'var(--_text)',
  '--color-text-secondary': 'var(--_muted)',
  '--color-text-tertiary': mix('--_muted', 80),
  '--color-text-inverse': 'var(--_bg)',
  '--color-text-ghost': 'var(--_muted)',
  '--color-text-info': 'var(--_accent)',
  '--color-text-danger': 'var(--_error)',
  '--color-text-disabled': mix('--_muted', 70),
  '--color-border-primary': 'var(--_border)',
  '--color-border-secondary': mix('--_border', 70),
  '--color-border-tertiary': mix('--_border', 45),
  '--color-border-inverse': 'var(--_bg)',
  '--color-border-ghost': 'transparent',
  '--color-border-info': 'var(--_accent)',
  '--color-border-danger': 'var(--_error)',
  '--color-border-disabled': mix('--_border', 60),
  '--color-ring-primary': 'var(--_accent)',
  '--color-ring-secondary': 'var(--_muted)',
  '--color-ring-inverse': 'var(--_bg)',
  '--color-ring-info': 'var(--_accent)',
  '--color-ring-danger': 'var(--_error)',
};

/** Font sizes as multiples of the chat's text size (its headings are 1.05–1.35 of it). */
const TEXT_SIZES: Record<string, number> = { xs: 0.75, sm: 0.875, md: 1, lg: 1.125 };
const HEADING_SIZES: Record<string, number> = { xs: 1, sm: 1.05, md: 1.2, lg: 1.35, xl: 1.6, '2xl': 1.9, '3xl': 2.25 };
/** Corner radii as multiples of the chat's radius. */
const RADII: Record<string, number> = { xs: 0.25, sm: 0.5, md: 1, lg: 1.5, xl: 2 };

/** The values the chat draws with that are not tokens of their own. */
const FIXED: Record<string, string> = {
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-semibold': '600',
  '--font-weight-bold': '700',
  '--border-radius-full': '9999px',
  '--border-width-regular': '1px',
  '--shadow-hairline': '0 0 0 1px rgb(0 0 0 / 0.08)',
  '--shadow-sm': '0 2px 8px rgb(0 0 0 / 0.15)',
  '--shadow-md': '0 6px 24px rgb(0 0 0 / 0.18)',
  '--shadow-lg': '0 12px 40px rgb(0 0 0 / 0.25)',
};

/** `base × factor`, in pixels when the base is in pixels (else as `calc()`). */
function scaled(base: string, factor: number): string {
  const px = /^(\d+(?:\.\d+)?)px$/.exec(base);
  if (px) return `${Math.round(Number(px[1]) * factor * 100) / 100}px`;
  return factor === 1 ? base : `calc(${base} * ${factor})`;
}

/** Reads the variables where `probe` sits (an element inside the chat's shadow tree). */
export function hostStyleVariables(probe: HTMLElement): Record<string, string> {
  const variables: Record<string, string> = {};
  const previous = probe.style.color;
  for (const [name, value] of Object.entries(COLORS)) {
    probe.style.color = value;
    const resolved = getComputedStyle(probe).color;
    if (resolved) variables[name] = resolved;
  }
  probe.style.color = previous;
  const style = getComputedStyle(probe);
  const token = (name: string) => style.getPropertyValue(name).trim();
  const [sans, mono, size, radius] = [token('--_font'), token('--_font-mono'), token('--_font-size'), token('--_radius')];
  if (sans) variables['--font-sans'] = sans;
  if (mono) variables['--font-mono'] = mono;
  if (size) {
    for (const [step, factor] of Object.entries(TEXT_SIZES)) {
      variables[`--font-text-${step}-size`] = scaled(size, factor);
      variables[`--font-text-${step}-line-height`] = '1.5';
    }
    for (const [step, factor] of Object.entries(HEADING_SIZES)) {
      variables[`--font-heading-${step}-size`] = scaled(size, factor);
      variables[`--font-heading-${step}-line-height`] = '1.25';
    }
  }
  if (radius) for (const [step, factor] of Object.entries(RADII)) variables[`--border-radius-${step}`] = scaled(radius, factor);
  return { ...variables, ...FIXED };
}

export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * How far the screen's unsafe edges (a phone's notch and home bar: `env(safe-area-inset-*)`) reach
 * into the app's box at `box`: all zero for a card in the middle of the chat, the full insets for
 * an app in full screen on a phone whose chat fills the screen.
 */
export function safeAreaInsets(probe: HTMLElement, box: Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>): Insets {
  const previous = probe.style.padding;
  probe.style.padding = 'env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px)';
  const style = getComputedStyle(probe);
  const env = { top: style.paddingTop, right: style.paddingRight, bottom: style.paddingBottom, left: style.paddingLeft };
  probe.style.padding = previous;
  return insetsWithin({ top: parseFloat(env.top) || 0, right: parseFloat(env.right) || 0, bottom: parseFloat(env.bottom) || 0, left: parseFloat(env.left) || 0 }, box, {
    width: document.documentElement.clientWidth,
    height: document.documentElement.clientHeight,
  });
}

/** The part of the viewport's insets `env` that lies within `box` (pure). */
export function insetsWithin(env: Insets, box: Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>, viewport: { width: number; height: number }): Insets {
  const within = (inset: number, distance: number) => Math.max(0, Math.round(inset - Math.max(0, distance)));
  return {
    top: within(env.top, box.top),
    right: within(env.right, viewport.width - box.right),
    bottom: within(env.bottom, viewport.height - box.bottom),
    left: within(env.left, box.left),
  };
}
