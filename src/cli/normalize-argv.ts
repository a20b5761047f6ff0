/**
 * Flags with three states (absent, on, off), written `--x` / `--no-x`.
 * Pastel generates only one of the two forms, so the bootstrap rewrites both into the
 * explicit `--x=true` / `--x=false` that the `triState` option schema reads. The `=` form
 * also keeps `--x` from swallowing a following positional argument.
 */
export const TRI_STATE_FLAGS = ['reported-by-customer', 'needs-customer-review'] as const;

/**
 * `--with-key=<key>` (and the likely guesses `--api-key=`, `--key=`, `--token=`): a key
 * typed on the command line. vigil has no such option taking a value, and Commander's
 * "unknown option" error would print the key to the terminal (and to CI logs).
 */
const SECRET_VALUE_FLAG = /^--(?:with-key|api-key|key|token)=/;

/**
 * Other spellings of a group: the upstream's CLI says `asset`, and `assets` is what many
 * type (the noun of the healthcheck family), so both run the same commands.
 */
export const GROUP_ALIASES: Readonly<Record<string, string>> = {assets: 'asset'};

export function normalizeArgv(argv: readonly string[]): string[] {
  // `vigil help reports list` is `vigil reports list --help` (Commander's help command
  // would show the help of `reports` only).
  if (argv[2] === 'help') argv = [...argv.slice(0, 2), ...argv.slice(3), '--help'];
  const alias = argv[2] === undefined ? undefined : GROUP_ALIASES[argv[2]];
  if (alias !== undefined) argv = [...argv.slice(0, 2), alias, ...argv.slice(3)];
  const out: string[] = [];
  // `vigil sandbox --api-key=<key>` sets the sandbox's own (fake) key: a real option there.
  const secretFlag = argv[2] === 'sandbox' ? /^--(?:with-key|key|token)=/ : SECRET_VALUE_FLAG;
  let passthrough = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (passthrough || arg === '--') {
      passthrough = true;
      out.push(arg);
      continue;
    }
    if (secretFlag.test(arg)) {
      // Never a valid option: Commander refuses it, and its message would quote the key.
      out.push(arg.replace(/=.*$/s, '=<hidden>'));
      continue;
    }
    const flag = TRI_STATE_FLAGS.find(name => arg === `--${name}` || arg === `--no-${name}`);
    if (!flag) {
      out.push(arg);
      continue;
    }
    const next = argv[index + 1];
    if (!arg.startsWith('--no-') && (next === 'true' || next === 'false')) {
      // `--x false`, as the help's `[true|false]` offers: the word is the value, never an
      // asset to search for (which would also flip the filter to true).
      out.push(`--${flag}=${next}`);
      index++;
      continue;
    }
    out.push(`--${flag}=${arg.startsWith('--no-') ? 'false' : 'true'}`);
  }
  return out;
}
