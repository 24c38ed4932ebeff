/** Per-tool display options (the element's `toolDisplay` property, keyed by tool name). */
export interface ToolDisplay {
  /** Card title instead of the tool's name. */
  title?: string;
  /** A short text or emoji shown before the title. */
  icon?: string;
  /** Start the card open (overrides the `tool-cards` attribute). */
  open?: boolean;
  /** Show the call's arguments (overrides `show-requests`). */
  showRequest?: boolean;
}
