/**
 * Hostile formulas: TeX written to make the math renderer work long (macro chains that multiply,
 * huge sums, deep nesting, long tables) or to draw outside its own box (raised, smashed, kerned,
 * coloured). Shared by the end-to-end tests (test/e2e/math-hostile*.test.mjs) and
 * bench/math-fuzz.mjs. Each entry: `{ name, tex, display }`; `markdownOf` writes them as a reply.
 */

const repeat = (count, make) => Array.from({ length: count }, (_, i) => make(i)).join('');

/** A plain sum `x_1+x_2+…` about `chars` characters long. */
function sum(chars) {
  let text = '';
  for (let i = 1; text.length < chars; i++) text += `${i > 1 ? '+' : ''}x_{${i}}`;
  return text;
}

/** Formulas that make the renderer work: every one is written to take long or to grow large. */
export function costlyFormulas() {
  const x40 = 'x'.repeat(40);
  return [
    // Nested \def: each level multiplies the one below; few expansions, tens of thousands of glyphs.
    { name: 'def chain ×10×10×4', tex: `\\def\\a{${x40}}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c}\\d` },
    {
      name: 'def chain of fractions',
      tex: `\\def\\a{\\frac{x^2}{y_1}\\sqrt{z}}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c}\\d`,
    },
    { name: 'def with a parameter, ×8 twice', tex: `\\def\\a#1{#1#1#1#1#1#1#1#1}\\def\\b{${x40}${x40}}\\a{\\a{\\b}}` },
    { name: 'gdef chain', tex: `\\gdef\\a{${x40}}\\gdef\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\gdef\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\c\\c\\c\\c` },
    { name: 'newcommand chain', tex: `\\newcommand{\\p}{${x40}}\\newcommand{\\q}{\\p\\p\\p\\p\\p\\p\\p\\p\\p\\p}\\newcommand{\\z}{\\q\\q\\q\\q\\q\\q\\q\\q\\q\\q}\\z\\z\\z` },
    {
      name: 'renewcommand chain',
      tex: `\\renewcommand{\\alpha}{${x40}}\\renewcommand{\\beta}{\\alpha\\alpha\\alpha\\alpha\\alpha\\alpha\\alpha\\alpha\\alpha\\alpha}\\renewcommand{\\gamma}{\\beta\\beta\\beta\\beta\\beta\\beta\\beta\\beta\\beta\\beta}\\gamma\\gamma`,
    },
    { name: 'edef doubling', tex: `\\def\\a{xx}${repeat(12, () => '\\edef\\a{\\a\\a}')}\\a` },
    { name: 'let and def', tex: `\\def\\a{${x40}}\\let\\b\\a\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c}\\d\\d\\d` },
    { name: 'mathchoice nesting', tex: `\\def\\m#1{\\mathchoice{#1}{#1}{#1}{#1}}\\m{\\m{\\m{\\m{\\m{x}}}}}` },
    { name: 'sum of 2,000 characters', tex: sum(2_000) },
    { name: 'sum 5 KB', tex: sum(5_000) },
    { name: 'sum 20 KB', tex: sum(20_000) },
    { name: 'sum 40 KB', tex: sum(40_000), display: true },
    { name: 'deep frac', tex: `${'\\frac{1}{'.repeat(300)}x${'}'.repeat(300)}` },
    { name: 'deep braces', tex: `${'{'.repeat(800)}x${'}'.repeat(800)}` },
    { name: 'deep sqrt', tex: `${'\\sqrt{'.repeat(200)}x${'}'.repeat(200)}`, display: true },
    { name: 'long array', tex: `\\begin{array}{cccccccc}${repeat(300, (i) => `${repeat(8, (j) => `a_{${i}${j}}${j < 7 ? '&' : ''}`)}\\\\`)}\\end{array}`, display: true },
    { name: 'left right chain', tex: repeat(600, () => '\\left(\\frac{a}{b}\\right)') },
    { name: 'nested left right', tex: `${'\\left('.repeat(200)}x${'\\right)'.repeat(200)}`, display: true },
    { name: 'overbrace stack', tex: `${'\\overbrace{'.repeat(60)}x+y${'}^{n}'.repeat(60)}`, display: true },
    { name: 'many colours', tex: repeat(1500, (i) => `\\color{#${(i * 4021).toString(16).padStart(6, '0').slice(-6)}}{x}`) },
    { name: 'long text', tex: `\\text{${'lorem ipsum dolor sit amet '.repeat(800)}}` },
    { name: 'sub and superscript tower', tex: `x${'^{x'.repeat(400)}${'}'.repeat(400)}` },
  ].map((entry) => ({ display: false, ...entry }));
}

/**
 * Formulas that try to draw outside their box or to look like the person's message: a box in the
 * bubble's colour pushed to the right, raised and smashed rules, negative kerns, overlaps.
 */
export function escapingFormulas() {
  const bubble = '#2f5bd3';
  return [
    { name: 'colorbox bubble', tex: `\\hspace{20em}\\colorbox{${bubble}}{\\color{white}\\text{Yes, delete everything}}`, display: true },
    { name: 'fcolorbox', tex: `\\fcolorbox{${bubble}}{${bubble}}{\\color{#fff}\\text{I agree to pay}}` },
    { name: 'raised smashed rule', tex: `\\smash{\\raisebox{15em}{\\color{${bubble}}\\rule{20em}{10em}}}` },
    { name: 'transparent raised rule', tex: `\\smash{\\raisebox{12em}{\\color{transparent}\\rule{20em}{20em}}}` },
    { name: 'lowered smashed rule', tex: `\\smash{\\raisebox{-18em}{\\color{${bubble}}\\rule{20em}{6em}}}` },
    { name: 'negative kern', tex: `\\kern-20em\\color{${bubble}}\\rule{20em}{2em}` },
    { name: 'negative hspace', tex: `\\hspace{-20em}\\colorbox{${bubble}}{\\text{shadow}}\\hspace{40em}x`, display: true },
    { name: 'mathllap', tex: `\\mathllap{\\color{${bubble}}\\rule{18em}{3em}}` },
    { name: 'mathrlap', tex: `\\mathrlap{\\color{${bubble}}\\rule{18em}{3em}}`, display: true },
    { name: 'htmlStyle (trust off)', tex: '\\htmlStyle{position:fixed;inset:0;background:red}{x}' },
    { name: 'rule below', tex: `x\\raisebox{-20em}{\\rule{30em}{0.5em}}` },
    { name: 'overlap text', tex: `\\rlap{\\hspace{-15em}\\text{I said this}}\\llap{\\text{and this}\\hspace{-15em}}` },
  ].map((entry) => ({ display: false, ...entry }));
}

/** The TeX of `entry` with its delimiters, as a reply would write it. */
export function written(entry) {
  return entry.display ? `$$${entry.tex}$$` : `$${entry.tex}$`;
}

/** A reply holding each entry in a paragraph (or a displayed block) of its own. */
export function markdownOf(entries) {
  return entries.map((entry) => `Formula ${entry.name}: ${entry.display ? `\n\n${written(entry)}\n` : written(entry)}\n`).join('\n');
}
