import type {ComponentType} from 'react';
import type {z} from 'zod';
import type {CommandContext, ContextFlags} from './context.js';
import type {IO} from './io.js';
import type {AnyEndpoint} from '../api/wire/endpoint.js';

/** One line of a command's help: a command line and what it does. */
export interface Example {
  command: string;
  explains: string;
}

/** What a command's run gets: the flags and arguments as its zod schemas parsed them. */
export interface CommandInput<O, A> {
  options: O;
  args: A;
}

/**
 * The one definition of a vigil command (see docs/commands.md). Pastel's command module
 * (dist/commands/<noun>/<verb>.js, derived by the build), the fast path (src/cli/fast-path.ts), the
 * help text and the shell completion are all derived from it, so they cannot disagree.
 */
export interface CommandDefinition<O = any, A = any> {
  /** Words after `vigil`: ['reports', 'list']. Must name the room: src/cmd/reports/list/. */
  path: readonly string[];
  /** One line, shown in the parent's command list and at the top of the help. */
  description: string;
  /** 2-4 command lines a new user can copy, each with what it does. */
  examples: readonly Example[];
  /**
   * The flags' zod schema, built on first use (only the command that runs pays for it).
   * Schemas are types only (strings, booleans, arrays): the run validates values and names
   * the flag in its errors.
   */
  options: () => z.ZodObject<any>;
  /** Positional arguments as a zod tuple or array, built on first use. */
  args?: () => z.ZodType;
  /**
   * The upstream endpoints the work calls, as declared in src/api/wire/endpoints/ (the work
   * calls them with `ctx.client().call(endpoint, input)`): the command's reference page names
   * them, and lint holds each to its contract section and its sandbox route.
   */
  endpoints?: readonly AnyEndpoint[];
  /** Allowed values of a flag or of the positional arguments ('<args>'), for shell completion. */
  completions?: Readonly<Record<string, readonly string[]>>;
  /**
   * Leave the saved config and credentials files unread (the commands that rewrite them), so
   * a damaged file cannot stop the command that repairs it. Default false.
   */
  skipSavedFiles?: boolean;
  /**
   * What `vigil mcp` makes of the command (docs/mcp.md). Every command states it, so a new
   * command is neither an agent's tool nor left out by accident:
   * - `false`: no tool. A command that draws or prompts, runs until stopped (worker,
   *   sandbox, mcp), or rewrites the local config or credentials (an agent pointing
   *   base-url elsewhere would send the key there);
   * - `{readOnly: true}`: changes nothing; a tool whenever `vigil mcp` runs;
   * - `{readOnly: false, destructive, idempotent}`: changes something (upstream or local);
   *   a tool only with `vigil mcp --allow-writes`, annotated with those hints.
   * `omit` names options an agent may not set (`all`: tool results are bounded). The
   * server's own settings (baseUrl, debug), the output format (json, output) and
   * `interactive` are never tool inputs (src/mcp/derive.ts).
   */
  mcp: false | McpUse;
  /** The work: a plain function with injected dependencies; returns the exit code (default 0). */
  run(input: CommandInput<O, A>, ctx: CommandContext): Promise<number | void>;
  /**
   * A screen for a person at a terminal (the browser, prompts). `when` decides from the
   * parsed flags and the terminal; only then are Ink and React loaded, via Pastel.
   */
  interactive?: {
    when(input: CommandInput<O, A>, io: IO): boolean;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen types its own input
    load(): Promise<ComponentType<{input: CommandInput<any, any>}>>;
  };
}

/** A command that is an MCP tool (see `CommandDefinition.mcp`). */
export type McpUse =
  | {readOnly: true; omit?: readonly string[]}
  | {readOnly: false; destructive: boolean; idempotent: boolean; omit?: readonly string[]};

type Schema<T> = T extends () => infer S ? (S extends z.ZodType ? z.infer<S> : never) : [];

/** Declares a command; the types of `run`'s input follow from the schemas. */
export function defineCommand<OF extends () => z.ZodObject<any>, AF extends (() => z.ZodType) | undefined = undefined>(
  definition: Omit<CommandDefinition<Schema<OF>, Schema<AF>>, 'options' | 'args'> & {options: OF; args?: AF},
): CommandDefinition<Schema<OF>, Schema<AF>> {
  return definition as CommandDefinition<Schema<OF>, Schema<AF>>;
}

/** The flags runWork builds the context from. */
export function contextFlags(definition: CommandDefinition, options: object): ContextFlags {
  return definition.skipSavedFiles === true ? {...options, skipSavedFiles: true} : options;
}
