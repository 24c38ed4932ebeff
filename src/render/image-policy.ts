/**
 * The one image policy for untrusted text (model markdown, tool and subagent results, files):
 * an image from another origin does not load by itself — loading it would tell that origin
 * whatever the reply put in its address. `click` shows a placeholder naming the host that loads
 * the image when pressed; `none` shows only the placeholder; `allow` loads every image. `data:`
 * and `blob:` images always load, and so do those of the page's own origin, except that (unless
 * `allow`) they are fetched without following redirects and one that redirects (an open redirect
 * could lead anywhere) is treated like another origin's (same-origin-image.ts). The placeholders
 * themselves are made in the markdown chunk (image-placeholders.ts), on sanitized nodes before they
 * reach the document (until then nothing loads).
 */
export const IMAGES_MODES = ['allow', 'click', 'none'] as const;
export type ImagesMode = (typeof IMAGES_MODES)[number];

export interface ImagePolicy {
  mode: ImagesMode;
  /** The placeholder's text in `click` mode: {host} is where the image comes from. */
  showImage: string;
  /** The same for an image of the page's own origin that redirects (else `showImage`): {host}. */
  showRedirectedImage?: string;
  /** The placeholder's text in `none` mode. */
  imageBlocked: string;
  /**
   * In `click` mode, the addresses the person chose to load in this view: drawn again (in another
   * language, say), they load at once. Pressing a placeholder adds its address.
   */
  shown?: Set<string>;
}

export const defaultImagePolicy: ImagePolicy = {
  mode: 'click',
  showImage: 'Show image from {host}',
  imageBlocked: 'Image from {host} not shown',
};
