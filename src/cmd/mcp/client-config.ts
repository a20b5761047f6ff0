import {ENV} from '../../config/settings.js';

/** The flags of `vigil mcp` that the client's command line repeats. */
export interface ServedFlags {
  baseUrl?: string;
  org?: string;
  allowWrites?: boolean;
}

/**
 * The `mcpServers` entry MCP clients (Claude Desktop and Code, Cursor, Windsurf) take: this
 * Node and this CLI by absolute path, so no PATH of the client's matters; the settings as
 * environment variables, named, with no value (the key is the user's to paste, or comes
 * from `vigil auth login`: an empty variable counts as unset).
 */
export function clientConfig(node: string, entryFile: string, flags: ServedFlags): {mcpServers: {vigil: {command: string; args: string[]; env: Record<string, string>}}} {
  const args = [entryFile, 'mcp'];
  if (flags.baseUrl !== undefined) args.push('--base-url', flags.baseUrl);
  if (flags.org !== undefined) args.push('--org', flags.org);
  if (flags.allowWrites === true) args.push('--allow-writes');
  return {mcpServers: {vigil: {command: node, args, env: {[ENV.apiKey]: '', [ENV.baseUrl]: '', [ENV.org]: ''}}}};
}
