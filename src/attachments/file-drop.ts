/**
 * Files dragged onto the chat: anywhere over it (the log, the composer, a popup's or sidebar's
 * panel) the drop target shows while files are over it, and dropped files are handed on. Drags
 * that carry no files (text, links) are left to the browser.
 */
export interface FileDropHooks {
  /** Whether files may be dropped now (`attachments` on, the panel open). */
  accepting(): boolean;
  dropped(files: File[]): void;
  /** `dragging` changed: draw the drop target, or take it away. */
  changed(): void;
}

const DRAG_EVENTS = ['dragenter', 'dragover', 'dragleave', 'drop'] as const;

export class FileDrop {
  /** Files are being dragged over the chat. */
  dragging = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly hooks: FileDropHooks,
  ) {
    for (const type of DRAG_EVENTS) host.addEventListener(type, this.onDrag);
  }

  /** Stops listening (attachments were turned off for good). */
  disconnect(): void {
    for (const type of DRAG_EVENTS) this.host.removeEventListener(type, this.onDrag);
    this.show(false);
  }

  private readonly onDrag = (event: DragEvent) => {
    const data = event.dataTransfer;
    if (!data || !data.types.includes('Files') || !this.hooks.accepting()) return this.show(false);
    // The chat takes the drop (the browser would open the file instead).
    event.preventDefault();
    if (event.type === 'dragleave') {
      // Leaving for another element of the chat is no leaving (one inside its shadow root shows as the host).
      const to = event.relatedTarget as Node | null;
      if (!to || !(to === this.host || this.host.contains(to))) this.show(false);
    } else if (event.type === 'drop') {
      this.show(false);
      this.hooks.dropped([...data.files]);
    } else {
      data.dropEffect = 'copy';
      this.show(true);
    }
  };

  private show(dragging: boolean): void {
    if (this.dragging === dragging) return;
    this.dragging = dragging;
    this.hooks.changed();
  }
}
