/**
 * Attachments cost the first load next to nothing: the chat loads their chunk (`attachments-ui.ts`)
 * once `attachments` is set and the chat has started, and draws the button, the tray and the drop
 * target once it has arrived (turned off again, the chunk's views draw nothing and drops are ignored).
 */
import type { ReactiveController } from 'lit';
import { onFirstNeed } from '../internal/lazy.js';
import type { AttachmentsUi } from './attachments-ui.js';
import type { AttachmentsHost } from './attachment-types.js';

const loadChunk = onFirstNeed(() => import('./attachments-ui.js'), 'attachments');

export class AttachmentsLoader implements ReactiveController {
  /** The attachments' views and manager, once their chunk has arrived. */
  ui?: AttachmentsUi;
  private asked = false;

  constructor(private readonly host: AttachmentsHost) {
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.asked || !this.host.attachments || !this.host.started) return;
    this.asked = true;
    void loadChunk().then((module) => {
      // A chunk that failed to load is asked for again on the next update.
      if (!module) return void (this.asked = false);
      this.ui = new (module as typeof import('./attachments-ui.js')).AttachmentsUi(this.host);
      this.host.requestUpdate();
    });
  }
}
