/**
 * The message log: keeps it at its end while replies stream, until the person scrolls up
 * (`LogFollower`), and draws a long conversation from its end — the last turns first, earlier
 * ones as the person scrolls to the top, keeping what they see where it was.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Turn } from '../conversation/types.js';
import { LogFollower } from './log-follower.js';

/** Turns drawn at first when a long conversation opens (more than a screenful). */
const FIRST_DRAWN = 12;
/** Turns drawn more each time the person scrolls to the top. */
const MORE_DRAWN = 40;
/** Scrolled this close to the top (px), the earlier turns are drawn. */
const EARLIER_THRESHOLD = 120;

export interface LogHooks {
  /** The scrolling log and its content, once drawn (null before). */
  scroller(): HTMLElement | null;
  column(): Element;
  /** The turns of the conversation shown. */
  turns(): readonly Turn[];
  /**
   * Settles once the turns above those read so far are in memory (a long saved thread opens with
   * the end of its path): asked before drawing turns that may not be read yet.
   */
  earlierRead(): Promise<void> | undefined;
}

export class LogController implements ReactiveController {
  /** More arrived below while the person reads above: "Jump to latest" shows. */
  unseen = false;
  /** The first turn drawn (all are, when unset). */
  private drawFrom?: string;
  private drawingEarlier = false;
  private readonly follower = new LogFollower({
    unseenChanged: (unseen) => {
      this.unseen = unseen;
      this.host.requestUpdate();
    },
    scrolled: (top) => this.onScrolled(top),
  });

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly hasUpdated: boolean },
    private readonly hooks: LogHooks,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.host.hasUpdated) this.attach();
  }

  hostUpdated(): void {
    if (!this.attached) this.attach();
  }

  hostDisconnected(): void {
    this.follower.detach();
    this.attached = false;
  }

  private attached = false;

  private attach(): void {
    // A popup draws its log only once first opened.
    const log = this.hooks.scroller();
    if (!log) return;
    this.follower.attach(this.host, log, this.hooks.column());
    this.attached = true;
  }

  /** Follow the end from now on (the person sent, answered, or jumped to the latest), and go there. */
  follow(): void {
    this.follower.follow();
  }

  /** Stay where the log is (another version of a message shows in place). */
  stay(): void {
    this.follower.stay();
  }

  /** The person asked to see something above: the log stops following. */
  personMovesUp(): void {
    this.follower.personMovesUp();
  }

  /** The conversation changed: a log that follows keeps to its end. */
  contentChanged(next: readonly Turn[], previous: readonly Turn[]): void {
    // The first turn drawn went with an edit or another version: the new path opens at its end.
    if (this.drawFrom && next !== previous && !next.some((turn) => turn.id === this.drawFrom)) this.drawLast(next);
    this.follower.contentChanged();
  }

  /** A conversation put in place opens at its end: only its last turns are drawn at first. */
  drawLast(turns: readonly Turn[]): void {
    this.drawFrom = turns.length > FIRST_DRAWN ? turns[turns.length - FIRST_DRAWN].id : undefined;
    this.host.requestUpdate();
  }

  /** The index of the first turn drawn. */
  firstDrawn(): number {
    if (!this.drawFrom) return 0;
    const index = this.hooks.turns().findIndex((turn) => turn.id === this.drawFrom);
    return Math.max(0, index);
  }

  /** Draws the earlier turns (the person reached the top, or pressed "Show N earlier messages"), keeping what they see where it was. */
  async drawEarlier(): Promise<void> {
    // The turns above those read first come with the rest of the thread.
    if (this.firstDrawn() <= MORE_DRAWN) await this.hooks.earlierRead()?.catch(() => {});
    const log = this.hooks.scroller();
    if (!log) return;
    const before = log.scrollHeight - log.scrollTop;
    const turns = this.hooks.turns();
    const first = Math.max(0, this.firstDrawn() - MORE_DRAWN);
    this.drawFrom = first === 0 ? undefined : turns[first].id;
    this.host.requestUpdate();
    await this.host.updateComplete;
    log.scrollTop = log.scrollHeight - before;
  }

  /** The log scrolled: near the top, the earlier turns are drawn. */
  private onScrolled(top: number): void {
    if (top < EARLIER_THRESHOLD && this.firstDrawn() > 0 && !this.drawingEarlier) {
      this.drawingEarlier = true;
      void this.drawEarlier().finally(() => (this.drawingEarlier = false));
    }
  }
}
