/** A sentence of the chat's own words with an untrusted label in it (a file name, a thread title). */
import { html } from 'lit';
import { format } from '../i18n/strings.js';
import { visibleBidi } from './visible-bidi.js';

/**
 * `template` with `values` filled in and `label` in place of `{key}`: the label set apart in a
 * `<bdi>` (a right-to-left name cannot reorder the words around it), its direction controls shown.
 */
export function textWithLabel(template: string, key: string, label: string, values: Record<string, string> = {}) {
  const pieces = format(template, values).split(`{${key}}`);
  return pieces.map((piece, index) => (index ? html`<bdi>${visibleBidi(label)}</bdi>${piece}` : piece));
}
