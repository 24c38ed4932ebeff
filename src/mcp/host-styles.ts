/**
 * The chat's design tokens as MCP Apps style variables (`hostContext.styles.variables`), so an app
 * can look like part of the chat. Colours are resolved to plain `rgb()` values (the tokens use
 * `light-dark()`, which an app document could not resolve under its own colour scheme).
 */
const COLORS: Record<string, string> = {
  '--color-background-primary': '--_bg',
  '--color-background-secondary': '--_surface',
  '--color-background-tertiary': '--_code-bg',
  '--color-background-inverse': '--_text',
  '--color-background-info': '--_accent',
  '--color-background-danger': '--_error-bg',
  '--color-text-primary': '--_text',
  '--color-text-secondary': '--_muted',
  '--color-text-tertiary': '--_muted',
  '--color-text-inverse': '--_bg',
  '--color-text-info': '--_accent',
  '--color-text-danger': '--_error',
  '--color-border-primary': '--_border',
  '--color-border-secondary': '--_border',
  '--color-border-danger': '--_error',
  '--color-ring-primary': '--_accent',
};
const VALUES: Record<string, string> = {
  '--font-sans': '--_font',
  '--font-mono': '--_font-mono',
  '--font-text-md-size': '--_font-size',
  '--border-radius-md': '--_radius',
};

/** Reads the variables where `probe` sits (an element inside the chat's shadow tree). */
export function hostStyleVariables(probe: HTMLElement): Record<string, string> {
  const variables: Record<string, string> = {};
  const previous = probe.style.color;
  for (const [name, token] of Object.entries(COLORS)) {
    probe.style.color = `var(${token})`;
    const value = getComputedStyle(probe).color;
    if (value) variables[name] = value;
  }
  probe.style.color = previous;
  const style = getComputedStyle(probe);
  for (const [name, token] of Object.entries(VALUES)) {
    const value = style.getPropertyValue(token).trim();
    if (value) variables[name] = value;
  }
  return variables;
}
