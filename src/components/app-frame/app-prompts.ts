/**
 * What an app frame asks the person: Allow / Refuse for what the app wants to do (full screen, a
 * link, a call), and Send / Discard for a message the app proposes. Allow and Send are not
 * pressable for a moment after they appear, so a click meant for the app cannot land on them.
 * The app's name and its message are the app's words: their direction controls are shown (the
 * message is sent as the app wrote it), so what the person reads is what goes out.
 */
import { html, nothing } from 'lit';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { format } from '../../i18n/strings.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { appFrameTexts } from './app-frame-texts.js';

/** The host a link's prompt names (the whole link when it has none); undefined for what is not a URL. */
export function linkHost(url: string): string | undefined {
  try {
    return new URL(url).host || url;
  } catch {
    return undefined;
  }
}

/** Send and Allow are not pressable at first (ms). */
export const ARMING_MS = 700;

export interface Ask {
  message: string;
  answer: (allowed: boolean) => void;
  /** Allow can be pressed (a moment after the prompt appears). */
  armed: boolean;
}

/** A message the app proposes (`ui/message`), waiting for the person's Send or Discard. */
export interface Proposal {
  text: string;
  answer: (send: boolean) => void;
}

export function asksTemplate(chatStrings: ChatStrings, asks: readonly Ask[], app: string) {
  const strings = appFrameTexts(chatStrings);
  const label = format(strings.appAsk, { tool: visibleBidi(app) });
  return asks.map(
    (ask) => html`<div class="ask" role="group" aria-label=${label}>
      <p role="status">${ask.message}</p>
      <button class="allow" type="button" ?disabled=${!ask.armed} @click=${() => ask.answer(true)}>${strings.appAllow}</button>
      <button class="refuse" type="button" @click=${() => ask.answer(false)}>${strings.appRefuse}</button>
    </div>`,
  );
}

export function proposalTemplate(chatStrings: ChatStrings, proposal: Proposal | undefined, armed: boolean, app: string) {
  if (!proposal) return nothing;
  const strings = appFrameTexts(chatStrings);
  const from = format(strings.appMessageProposal, { app: visibleBidi(app) });
  return html`<div class="ask proposal" part="app-message" role="group" aria-label=${from}>
    <p><span class="from">${textWithLabel(strings.appMessageProposal, 'app', app)}</span><q><bdi>${visibleBidi(proposal.text)}</bdi></q></p>
    <button class="allow" type="button" ?disabled=${!armed} @click=${() => proposal.answer(true)}>${strings.appMessageSend}</button>
    <button class="refuse" type="button" @click=${() => proposal.answer(false)}>${strings.appMessageDiscard}</button>
  </div>`;
}
