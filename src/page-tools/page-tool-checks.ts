/** The page's `tools` checked as the page sets them (a lazy chunk, with `page-context.ts`, loaded once the page gives tools or context). */
import type { PageTool } from './page-tool-types.js';

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface CheckedPageTools {
  tools: PageTool[];
  /** What is wrong with what the page gave, one sentence each. */
  problems: string[];
}

/** The usable tools of `value` (the `tools` property), and why each other entry was left out. */
export function checkPageTools(value: unknown): CheckedPageTools {
  if (value === undefined || value === null) return { tools: [], problems: [] };
  if (!Array.isArray(value)) return { tools: [], problems: ['tools must be an array of { name, description, parameters, handler }.'] };
  const tools: PageTool[] = [];
  const problems: string[] = [];
  value.forEach((entry: unknown, index) => {
    const tool = entry as Partial<PageTool> | null;
    const name = typeof tool?.name === 'string' ? tool.name : undefined;
    const label = name ? `The page tool "${name}"` : `tools[${index}]`;
    if (!name || !TOOL_NAME.test(name)) problems.push(`${label} needs a name of letters, digits, "_" and "-" (at most 64).`);
    else if (typeof tool?.handler !== 'function') problems.push(`${label} has no handler function.`);
    else if (tool.parameters !== undefined && (typeof tool.parameters !== 'object' || tool.parameters === null || Array.isArray(tool.parameters)))
      problems.push(`${label} has parameters that are not a JSON Schema object.`);
    else if (tools.some((kept) => kept.name === name)) problems.push(`${label} is given twice: only the first is offered.`);
    else tools.push(tool as PageTool);
  });
  return { tools, problems };
}

/** The problems found, and a tool whose name another tool of the chat has (that one is offered instead). */
export function toolProblems({ tools, problems }: CheckedPageTools, taken: readonly string[]): string[] {
  const shadowed = tools
    .filter((tool) => taken.includes(tool.name))
    .map((tool) => `The page tool "${tool.name}" has the name of another tool of the chat, which is offered instead.`);
  return [...problems, ...shadowed];
}
