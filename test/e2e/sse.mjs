/** Reading an AG-UI reply in the node tests: the JSON payloads of an SSE body. */
export function parseSse(body) {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data));
}
