/**
 * Where KaTeX's fonts are: `dist/fonts/`, beside the math chunk. Each address is written out as
 * `new URL('./fonts/<file>', import.meta.url)`, the pattern Vite, Rollup and webpack follow, so an
 * app that bundles the package copies the fonts with its own build and points these at the copies.
 * (This repository's build leaves them as they are: the files are emitted by scripts/math-fonts.mjs.)
 * Undefined where there is no module URL: the standalone classic script.
 */
export function mathFontUrls(): Record<string, string> | undefined {
  try {
    return {
    'KaTeX_AMS-Regular.woff2': new URL('./fonts/KaTeX_AMS-Regular.woff2', import.meta.url).href,
    'KaTeX_Caligraphic-Bold.woff2': new URL('./fonts/KaTeX_Caligraphic-Bold.woff2', import.meta.url).href,
    'KaTeX_Caligraphic-Regular.woff2': new URL('./fonts/KaTeX_Caligraphic-Regular.woff2', import.meta.url).href,
    'KaTeX_Fraktur-Bold.woff2': new URL('./fonts/KaTeX_Fraktur-Bold.woff2', import.meta.url).href,
    'KaTeX_Fraktur-Regular.woff2': new URL('./fonts/KaTeX_Fraktur-Regular.woff2', import.meta.url).href,
    'KaTeX_Main-Bold.woff2': new URL('./fonts/KaTeX_Main-Bold.woff2', import.meta.url).href,
    'KaTeX_Main-BoldItalic.woff2': new URL('./fonts/KaTeX_Main-BoldItalic.woff2', import.meta.url).href,
    'KaTeX_Main-Italic.woff2': new URL('./fonts/KaTeX_Main-Italic.woff2', import.meta.url).href,
    'KaTeX_Main-Regular.woff2': new URL('./fonts/KaTeX_Main-Regular.woff2', import.meta.url).href,
    'KaTeX_Math-BoldItalic.woff2': new URL('./fonts/KaTeX_Math-BoldItalic.woff2', import.meta.url).href,
    'KaTeX_Math-Italic.woff2': new URL('./fonts/KaTeX_Math-Italic.woff2', import.meta.url).href,
    'KaTeX_SansSerif-Bold.woff2': new URL('./fonts/KaTeX_SansSerif-Bold.woff2', import.meta.url).href,
    'KaTeX_SansSerif-Italic.woff2': new URL('./fonts/KaTeX_SansSerif-Italic.woff2', import.meta.url).href,
    'KaTeX_SansSerif-Regular.woff2': new URL('./fonts/KaTeX_SansSerif-Regular.woff2', import.meta.url).href,
    'KaTeX_Script-Regular.woff2': new URL('./fonts/KaTeX_Script-Regular.woff2', import.meta.url).href,
    'KaTeX_Size1-Regular.woff2': new URL('./fonts/KaTeX_Size1-Regular.woff2', import.meta.url).href,
    'KaTeX_Size2-Regular.woff2': new URL('./fonts/KaTeX_Size2-Regular.woff2', import.meta.url).href,
    'KaTeX_Size3-Regular.woff2': new URL('./fonts/KaTeX_Size3-Regular.woff2', import.meta.url).href,
    'KaTeX_Size4-Regular.woff2': new URL('./fonts/KaTeX_Size4-Regular.woff2', import.meta.url).href,
    'KaTeX_Typewriter-Regular.woff2': new URL('./fonts/KaTeX_Typewriter-Regular.woff2', import.meta.url).href,
    };
  } catch {
    return undefined;
  }
}
