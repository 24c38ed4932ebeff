/**
 * The page's tools as client tools of the chat, beside `ask_user` and the MCP servers' tools, and
 * the page's context. What the first load holds is this registry; checking what the page gave
 * (`page-tool-checks.ts`, `page-context.ts`) loads once it gives tools or context, before the first
 * run that needs it, and running a call (`page-tool-run.ts`: the arguments checked against their
 * schema, the person's approval, the handler) on the first call.
 */
import type { ClientTools } from '../session/client-tools.js';
import type { CheckedPageTools } from './page-tool-checks.js';
import type { PageContextEntry } from './page-tool-types.js';

type PageChecks = typeof import('./page-tool-checks.js') & typeof import('./page-context.js');

const loadChecks = (): Promise<PageChecks> => Promise.all([import('./page-tool-checks.js'), import('./page-context.js')]).then(([tools, context]) => ({ ...tools, ...context }));
const loadRunner = () => import('./page-tool-run.js');

const NONE: CheckedPageTools = { tools: [], problems: [] };

export class PageTools {
  private checks?: PageChecks;
  private loading?: Promise<void>;
  private checked?: { given: unknown; result: CheckedPageTools };

  constructor(
    private readonly settings: { tools?: unknown; context?: unknown },
    /** The checks arrived: what they found can be shown. */
    private readonly arrived: () => void,
  ) {}

  /** Settles once what the page gave can be checked (at once when it gave nothing). */
  ready(): Promise<void> | undefined {
    const given = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
    if (this.checks || !(given(this.settings.tools) || given(this.settings.context))) return undefined;
    return (this.loading ??= loadChecks().then(
      (checks) => {
        this.checks = checks;
        this.arrived();
      },
      (error: unknown) => {
        this.loading = undefined;
        console.error('<agent-chat>: the page tools could not be loaded', error);
      },
    ));
  }

  /** The usable tools, and what is wrong with the others (checked once per value given). */
  checkedTools(): CheckedPageTools {
    const given = this.settings.tools;
    if (!this.checks) return NONE;
    if (this.checked && this.checked.given === given) return this.checked.result;
    const result = this.checks.checkPageTools(given);
    this.checked = { given, result };
    return result;
  }

  /** What is wrong with the page's tools, given the names the chat's other tools take. */
  problems(taken: string[]): string[] {
    return this.checks?.toolProblems(this.checkedTools(), taken) ?? [];
  }

  context(): PageContextEntry[] {
    return this.checks?.readPageContext(this.settings.context) ?? [];
  }

  readonly clientTools: ClientTools = {
    definitions: () =>
      this.checkedTools().tools.map((tool) => ({
        name: tool.name,
        description: tool.description ?? '',
        parameters: tool.parameters ?? { type: 'object', properties: {} },
      })),
    handles: (name) => this.checkedTools().tools.some((tool) => tool.name === name),
    run: async (call, signal) => {
      const tool = this.checkedTools().tools.find((candidate) => candidate.name === call.name);
      if (!tool) return { content: `No tool of the page is called ${call.name}.`, isError: true };
      const runner = await loadRunner();
      if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
      return runner.runPageTool(tool, call, signal);
    },
  };
}
