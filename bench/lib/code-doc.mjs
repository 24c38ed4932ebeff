/**
 * A deterministic markdown reply of an exact length with a given number of fenced code blocks, in
 * turn in eleven languages (TypeScript, Python, Bash, JSON, Go, Rust, SQL, YAML, HTML, CSS, diff),
 * each between a heading and a paragraph of prose: what a coding assistant writes.
 */
import { markdownDocument } from './markdown-doc.mjs';

const SNIPPETS = {
  ts: (i) => `import { readFile } from 'node:fs/promises';

/** Loads step ${i}'s settings; throws when the file is not JSON. */
export async function loadStep${i}(path: string, retries = ${i % 5}): Promise<Map<string, number>> {
  const text = await readFile(path, 'utf8');
  const entries = Object.entries(JSON.parse(text) as Record<string, number>);
  for (let attempt = 0; attempt < retries; attempt++) {
    if (entries.length > ${i * 3}) break;
  }
  return new Map(entries.filter(([key]) => !key.startsWith('_')));
}`,
  python: (i) => `from dataclasses import dataclass

@dataclass
class Step${i}:
    """One step of the pipeline."""
    name: str
    retries: int = ${i % 4}

    def run(self, items: list[str]) -> int:
        total = 0
        for item in items:
            if not item:
                continue
            total += len(item) * ${(i % 7) + 1}  # weight
        return total`,
  bash: (i) => `#!/usr/bin/env bash
# Step ${i}: size every bundle
set -euo pipefail
for f in dist/*.js; do
  size=$(gzip -9 -c "$f" | wc -c)
  if [[ $size -gt ${i * 1000} ]]; then
    echo "large: $f ($size bytes)" >&2
  fi
done`,
  json: (i) => `{
  "name": "step-${i}",
  "retries": ${i % 5},
  "timeoutMs": ${(i % 9) * 250 + 500},
  "enabled": true,
  "owner": null,
  "tags": ["build", "release-${i}"]
}`,
  go: (i) => `package steps

import "fmt"

// Step${i} sums the lengths of non-empty names.
func Step${i}(names []string) (int, error) {
	total := 0
	for _, name := range names {
		if name == "" {
			return 0, fmt.Errorf("empty name at step %d", ${i})
		}
		total += len(name)
	}
	return total, nil
}`,
  rust: (i) => `use std::collections::HashMap;

/// Counts words for step ${i}.
pub fn step_${i}(text: &str) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in text.split_whitespace() {
        *counts.entry(word).or_insert(0) += ${(i % 3) + 1};
    }
    counts
}`,
  sql: (i) => `-- Orders of step ${i}
SELECT c.name, COUNT(o.id) AS orders, SUM(o.total) AS revenue
FROM customers AS c
JOIN orders AS o ON o.customer_id = c.id
WHERE o.created_at >= DATE '2026-01-01' AND o.status <> 'cancelled'
GROUP BY c.name
HAVING COUNT(o.id) > ${i}
ORDER BY revenue DESC
LIMIT 10;`,
  yaml: (i) => `# Step ${i} of the release workflow
name: release-${i}
on:
  push:
    branches: [main]
jobs:
  build:
    runs-on: ubuntu-latest
    timeout-minutes: ${(i % 30) + 5}
    steps:
      - uses: actions/checkout@v4
      - run: npm ci && npm test`,
  html: (i) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Step ${i}</title>
    <style>body { margin: 0; font: 16px/1.5 system-ui; }</style>
  </head>
  <body>
    <agent-chat endpoint="/api/agent" heading="Step ${i}"></agent-chat>
    <script type="module" src="/agent-chat.js"></script>
  </body>
</html>`,
  css: (i) => `/* Step ${i}: the panel */
.panel[data-step="${i}"] {
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${(i % 4) + 1}rem;
  color: #1d1f24;
  background: linear-gradient(to bottom, #fff 0%, #f4f5f7 100%);
}
@media (prefers-color-scheme: dark) {
  .panel:hover::after { content: "step ${i}"; opacity: 0.8; }
}`,
  diff: (i) => `diff --git a/src/step-${i}.ts b/src/step-${i}.ts
--- a/src/step-${i}.ts
+++ b/src/step-${i}.ts
@@ -${i},6 +${i},7 @@ export function step${i}() {
   const items = load();
-  return items.length;
+  if (!items.length) return 0;
+  return items.filter(Boolean).length;
 }`,
};
export const CODE_LANGUAGES = Object.keys(SNIPPETS);

/**
 * A reply of exactly `length` characters with `blocks` fenced code blocks (languages in turn).
 * `plain`: each fence names a language no highlighter knows instead (`x…`, as long), the same
 * reply otherwise: what streaming costs without colours.
 */
export function codeDocument({ length = 100_000, blocks = 55, plain = false } = {}) {
  const prose = markdownDocument(length)
    .split(/\n(?=## )/)
    .filter((part) => part.startsWith('## ') && !part.includes('```'));
  let doc = '# Build notes\n\n';
  for (let i = 0; i < blocks; i++) {
    const language = CODE_LANGUAGES[i % CODE_LANGUAGES.length];
    const section = prose[i % prose.length].trim();
    doc += `${section}\n\n\`\`\`${plain ? 'x'.repeat(language.length) : language}\n${SNIPPETS[language](i)}\n\`\`\`\n\n`;
  }
  if (doc.length > length) throw new Error(`code document: ${blocks} blocks need ${doc.length} characters, more than ${length}`);
  // Prose fills the rest: a last section cut to the exact length, ending with a newline.
  const filler = markdownDocument(length).replace(/```[\s\S]*?```\n\n/g, '');
  return `${doc}${filler.slice(filler.indexOf('## '))}`.slice(0, length - 1) + '\n';
}
