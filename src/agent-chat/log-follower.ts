/**
 * Keeps a scrolling log at its end while it grows, until the person scrolls up — the person, not
 * layout. The log's position also moves when nobody scrolls: it clamps when the log grows (the
 * composer gets shorter as a reply ends), scroll anchoring shifts it, off-screen chunks
 * (`content-visibility: auto`) trade their estimated height for their real one; and the scroll
 * event comes a frame later, when a message just sent may already have made the log taller. So a
 * move up leaves the end only right after the person turned the wheel, pressed a key, touched the
 * log or held its scrollbar (`ScrollIntent`); any other move while following goes back to the end.
 * Reaching the end follows again.
 */
import { ScrollIntent } from './scroll-intent.js';

/** How close to the end (px) still counts as "at the end". */
const AT_END = 48;

export interface LogFollowerHooks {
  /** Something arrived below while the person reads above ("Jump to latest"), or not any more. */
  unseenChanged(unseen: boolean): void;
  /** The log scrolled (the element draws earlier turns near the top). */
  scrolled(top: number): void;
}

export class LogFollower {
  /** The log follows its end. */
  stuck = true;
  private log?: HTMLElement;
  private unseen = false;
  private lastTop = 0;
  /** Content growth waits while the person scrolls; once they stop, a log that follows catches up. */
  private readonly intent = new ScrollIntent(
    () => this.log,
    () => this.catchUp(),
  );
  private readonly resized = new ResizeObserver(() => this.catchUp());

  constructor(private readonly hooks: LogFollowerHooks) {}

  /** Follows `log` (inside `host`'s shadow tree), whose content is `content`. */
  attach(host: HTMLElement, log: HTMLElement, content: Element): void {
    this.detach();
    this.log = log;
    log.addEventListener('scroll', this.onScroll, { passive: true });
    this.intent.connect(host);
    this.resized.observe(content);
    this.resized.observe(log);
    // Read with the next frame's layout: reading it now would lay the whole chat out an extra time.
    this.lastTop = 0;
    requestAnimationFrame(() => {
      if (this.log === log) this.lastTop = log.scrollTop;
    });
  }

  detach(): void {
    if (!this.log) return;
    this.log.removeEventListener('scroll', this.onScroll);
    this.intent.disconnect();
    this.resized.disconnect();
    this.log = undefined;
  }

  /** Follow the end from now on (the person sent, answered, or jumped to the latest), and go there. */
  follow(): void {
    this.stuck = true;
    this.intent.reset();
    this.setUnseen(false);
    this.scrollToEnd();
  }

  /** Stay where the log is (another version of a message is shown where the person reads). */
  stay(): void {
    this.stuck = false;
  }

  /** The person asked to see something above (the held notice's "Go to it"): the log stops following. */
  personMovesUp(): void {
    this.intent.mark();
  }

  /** New content arrived: seen if the log follows, else "Jump to latest". */
  contentChanged(): void {
    if (!this.stuck) this.setUnseen(true);
  }

  /** While following and the person is not scrolling, the log goes to its end. */
  private catchUp(): void {
    if (!this.stuck || this.leftByPerson() || this.intent.active) return;
    this.scrollToEnd();
  }

  private scrollToEnd(): void {
    const log = this.log;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    this.lastTop = log.scrollTop;
  }

  private setUnseen(unseen: boolean): void {
    if (unseen === this.unseen) return;
    this.unseen = unseen;
    this.hooks.unseenChanged(unseen);
  }

  /**
   * The log moved up since it was last seen, right after the person asked for that: they left the
   * end (by any amount: an arrow key's step is enough). Checked on each scroll, and before content
   * that grew is followed — in one frame the content may grow before the person's scroll is reported.
   */
  private leftByPerson(): boolean {
    const log = this.log!;
    if (!(log.scrollTop < this.lastTop - 1 && this.intent.active)) return false;
    this.stuck = false;
    this.lastTop = log.scrollTop;
    return true;
  }

  private onScroll = () => {
    const log = this.log!;
    if (!this.leftByPerson()) {
      if (log.scrollHeight - log.scrollTop - log.clientHeight < AT_END) {
        this.stuck = true;
        this.setUnseen(false);
      } else if (this.stuck && !this.intent.active) {
        // Layout moved the log, not the person: back to the end.
        this.scrollToEnd();
      }
    }
    this.lastTop = log.scrollTop;
    this.hooks.scrolled(this.lastTop);
  };
}
