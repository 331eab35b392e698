/**
 * How the page writes numbers: one place, shared by the lessons, the views and the browser test. A number and its
 * unit are joined by a no-break space, so a line never breaks between them.
 */

const NBSP = "\u00a0";
export const pct = (x: number) => `${Math.round(100 * x)}${NBSP}%`;
export const times = (x: number) => `${x.toFixed(2)}x`;
export const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)}${NBSP}GiB`;
export const rate = (imagesPerS: number) => Math.round(imagesPerS).toLocaleString("en-US");
export const watts = (w: number) => `${Math.round(w)}${NBSP}W`;
