import {Readable} from 'node:stream';
import {contextFlags, type CommandDefinition, type CommandInput} from '../cli/define.js';
import type {IO} from '../cli/io.js';
import {runWork} from '../cli/run-work.js';
import {redact} from '../secrets.js';
import type {ToolSpec} from './derive.js';
import {commandInput, inToolWords} from './input.js';
import {bounded, logLines} from './result.js';

/** What the MCP SDK sends back for tools/call (its CallToolResult, without importing it). */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{type: 'text'; text: string}>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The settings given to `vigil mcp` itself, beneath every call's own (flag > env > config). */
export interface ServerFlags {
  baseUrl?: string;
  org?: string;
  debug?: boolean;
  /** `--timeout`: every call's budget. */
  timeout?: string;
}

export interface CallDeps {
  /** The command's definition (dist/fast/<path>.js in the built CLI). */
  load(path: readonly string[]): Promise<CommandDefinition>;
  flags: ServerFlags;
  env: NodeJS.ProcessEnv;
  /** One line for the server's stderr: what the command wrote there is logged, as in a terminal. */
  log(line: string): void;
}

/** An IO that keeps what the command prints: piped, no terminal, nothing to read. */
function captureIO(env: NodeJS.ProcessEnv) {
  let out = '';
  let err = '';
  const io: IO = {
    stdout: {write: (chunk: string) => (out += chunk)},
    stderr: {write: (chunk: string) => (err += chunk)},
    stdin: Readable.from([]),
    env,
    stdoutIsTTY: false,
    canPrompt: false,
  };
  return {io, out: () => out, err: () => err};
}

const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/**
 * One tool call: the command's own work through runWork, as `vigil <command> --json` runs
 * it (the same settings, errors and exit codes), with what it prints kept. Never throws:
 * a refusal, an upstream error or a bug is a result with isError and the CLI's message.
 */
export async function callTool(tool: ToolSpec, rawArguments: unknown, deps: CallDeps, signal: AbortSignal): Promise<ToolResult> {
  const captured = captureIO(deps.env);
  let flags: object = defined(deps.flags);
  let definition: CommandDefinition | undefined;
  let input: CommandInput<object, unknown> | undefined;
  let refusal: unknown;
  try {
    definition = await deps.load(tool.path);
    input = commandInput(tool, definition, rawArguments);
    // The call's own settings (its org) over the server's.
    flags = contextFlags(definition, {...flags, ...defined(input.options)});
  } catch (error) {
    refusal = error;
  }
  let threw = false;
  const code = await runWork(
    flags,
    async ctx => {
      try {
        if (refusal !== undefined) throw refusal;
        return await definition!.run(input!, ctx);
      } catch (error) {
        threw = true;
        throw inToolWords(error, tool.inputs);
      }
    },
    captured.io,
    signal,
  );
  const stderr = redact(captured.err());
  for (const line of logLines(tool.name, stderr)) deps.log(line);
  return bounded(tool, {stdout: redact(captured.out()), stderr, code, threw});
}
