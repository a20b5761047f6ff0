import {ENV} from '../../config/settings.js';

/** The flags of `vigil mcp` that the client's command line repeats. */
export interface ServedFlags {
  baseUrl?: string;
  org?: string;
  allowWrites?: boolean;
  /** `--timeout`: every call's budget; repeated so the client's server has it too. */
  timeout?: string;
  /** `--debug`: traces on the server's stderr (the key redacted); repeated too. */
  debug?: boolean;
}

/**
 * The `mcpServers` entry MCP clients (Claude Desktop and Code, Cursor, Windsurf) take: this
 * Node and this CLI by absolute path, so no PATH of the client's matters; every flag given
 * to `--print-config` repeated; the base URL and org as environment variables, named, with
 * no value (an empty variable counts as unset). No VIGIL_API_KEY: these files often live in
 * a project and get committed; the server reads the key `vigil auth login` saved, or the
 * environment the client host starts it with.
 */
export function clientConfig(node: string, entryFile: string, flags: ServedFlags): {mcpServers: {vigil: {command: string; args: string[]; env: Record<string, string>}}} {
  const args = [entryFile, 'mcp'];
  if (flags.baseUrl !== undefined) args.push('--base-url', flags.baseUrl);
  if (flags.org !== undefined) args.push('--org', flags.org);
  if (flags.allowWrites === true) args.push('--allow-writes');
  if (flags.timeout !== undefined) args.push('--timeout', flags.timeout);
  if (flags.debug === true) args.push('--debug');
  return {mcpServers: {vigil: {command: node, args, env: {[ENV.baseUrl]: '', [ENV.org]: ''}}}};
}
