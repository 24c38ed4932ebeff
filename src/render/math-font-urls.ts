/**
 * Where KaTeX's fonts are: `fonts/` beside the built module (`dist/fonts/`, emitted there by
 * `scripts/math-fonts.mjs`; in the standalone script `import.meta.url` is the script's URL). Each is
 * written `new URL('./fonts/<file>', import.meta.url)`, the pattern Vite, Rollup and webpack follow,
 * so an app that bundles the package copies the fonts with its own build. Our own build must leave
 * them as written: they name the output's folder, not one beside this source (`@vite-ignore`,
 * taken out again after Vite's asset pass so that an app's bundler does follow them).
 */
export function mathFontUrls(): Record<string, string> {
  return {
    'KaTeX_AMS-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_AMS-Regular.woff2', import.meta.url).href,
    'KaTeX_Caligraphic-Bold.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Caligraphic-Bold.woff2', import.meta.url).href,
    'KaTeX_Caligraphic-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Caligraphic-Regular.woff2', import.meta.url).href,
    'KaTeX_Fraktur-Bold.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Fraktur-Bold.woff2', import.meta.url).href,
    'KaTeX_Fraktur-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Fraktur-Regular.woff2', import.meta.url).href,
    'KaTeX_Main-Bold.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Main-Bold.woff2', import.meta.url).href,
    'KaTeX_Main-BoldItalic.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Main-BoldItalic.woff2', import.meta.url).href,
    'KaTeX_Main-Italic.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Main-Italic.woff2', import.meta.url).href,
    'KaTeX_Main-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Main-Regular.woff2', import.meta.url).href,
    'KaTeX_Math-BoldItalic.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Math-BoldItalic.woff2', import.meta.url).href,
    'KaTeX_Math-Italic.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Math-Italic.woff2', import.meta.url).href,
    'KaTeX_SansSerif-Bold.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_SansSerif-Bold.woff2', import.meta.url).href,
    'KaTeX_SansSerif-Italic.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_SansSerif-Italic.woff2', import.meta.url).href,
    'KaTeX_SansSerif-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_SansSerif-Regular.woff2', import.meta.url).href,
    'KaTeX_Script-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Script-Regular.woff2', import.meta.url).href,
    'KaTeX_Size1-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Size1-Regular.woff2', import.meta.url).href,
    'KaTeX_Size2-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Size2-Regular.woff2', import.meta.url).href,
    'KaTeX_Size3-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Size3-Regular.woff2', import.meta.url).href,
    'KaTeX_Size4-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Size4-Regular.woff2', import.meta.url).href,
    'KaTeX_Typewriter-Regular.woff2': new URL(/* @vite-ignore */ './fonts/KaTeX_Typewriter-Regular.woff2', import.meta.url).href,
  };
}
