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
  if (scan(body).inString) body += '"';
  for (let attempt = 0; attempt < 6 && body; attempt++) {
    const { closers, lastStructural } = scan(body);
    try {
      return JSON.parse(body + closers.reverse().join(''));
    } catch {
      // Cut back to the last complete member and try again.
      if (lastStructural < 0) return undefined;
      body = body[lastStructural] === ',' ? body.slice(0, lastStructural) : body.slice(0, lastStructural + 1);
    }
  }
  return undefined;
}

/**
 * One pass over `text`, strings respected: the closers still needed, whether it ends inside a
 * string, and the index of the last `,`, `{` or `[` (-1 when none).
 */
function scan(text: string): { closers: string[]; inString: boolean; lastStructural: number } {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  let lastStructural = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      closers.push(char === '{' ? '}' : ']');
      lastStructural = i;
    } else if (char === '}' || char === ']') closers.pop();
    else if (char === ',') lastStructural = i;
  }
  return { closers, inString, lastStructural };
}
