/**
 * Best-effort reading of JSON that is still arriving (tool arguments while they stream), for the
 * app's `tool-input-partial`: closes an open string, arrays and objects, and drops a trailing
 * member that is not complete yet. Returns undefined when nothing usable is there. Pure.
 */
export function parsePartialJson(text: string): unknown {
  // Only leading space goes: trailing space may be inside a string that is still open.
  let body = text.trimStart();
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    // completed below
  }
  if (openState(body).inString) body += '"';
  for (let attempt = 0; attempt < 6 && body; attempt++) {
    try {
      return JSON.parse(body + openState(body).closers.reverse().join(''));
    } catch {
      // Cut back to the last complete member and try again.
      const cut = lastStructural(body);
      if (cut < 0) return undefined;
      body = body[cut] === ',' ? body.slice(0, cut) : body.slice(0, cut + 1);
    }
  }
  return undefined;
}

/** The closers still needed for `text` and whether it ends inside a string. */
function openState(text: string): { closers: string[]; inString: boolean } {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') closers.push('}');
    else if (char === '[') closers.push(']');
    else if (char === '}' || char === ']') closers.pop();
  }
  return { closers, inString };
}

/** Index of the last `,`, `{` or `[` outside a string. */
function lastStructural(text: string): number {
  let last = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === ',' || char === '{' || char === '[') last = i;
  }
  return last;
}
