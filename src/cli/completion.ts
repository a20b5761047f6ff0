import type {Manifest} from './manifest.js';

/** The shells `vigil completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/**
 * Shell completion for commands, flags and the values a flag takes, written from the build's
 * manifest (so from the same definitions as the help). Each script finds the command typed
 * so far from the words before the cursor, then offers its subcommands, its flags, or the
 * values of the flag just before the cursor. `program` is the command line of the vigil the
 * script was written by (Node and the CLI, absolute): what it asks for the saved org, since
 * the word typed may be an alias (`alias vigil="node dist/cli.js"`) the script cannot run.
 */
export function completionScript(shell: Shell, manifest: Pick<Manifest, 'commands' | 'groups'>, program: readonly string[]): string {
  return {bash, zsh, fish}[shell](model(manifest), program.map(shell === 'fish' ? fishQuote : quote).join(' '));
}

interface Model {
  /** Every command path typed so far that can be extended or run: 'reports', 'reports list'. */
  paths: string[];
  /** Words offered after each group: its subcommands. */
  groups: Array<{path: string; words: string[]}>;
  commands: Array<{path: string; flags: string[]; valueFlags: ValueFlag[]; argValues: string[]; descriptions: Record<string, string>}>;
}

/** A flag that takes a value, and what completing that value offers. */
interface ValueFlag {
  flag: string;
  values: string[];
  complete: Manifest['commands'][string]['flags'][number]['complete'];
}

function model(manifest: Pick<Manifest, 'commands' | 'groups'>): Model {
  return {
    paths: [...Object.keys(manifest.groups).filter(path => path !== ''), ...Object.keys(manifest.commands)],
    groups: Object.entries(manifest.groups).map(([path, words]) => ({path, words: path === '' ? [...words, 'help'] : words})),
    commands: Object.entries(manifest.commands).map(([path, command]) => ({
      path,
      flags: [...command.flags.map(flag => flag.name), '--help'],
      valueFlags: command.flags.filter(flag => flag.takesValue).map(flag => ({flag: flag.name, values: flag.values, complete: flag.complete ?? 'files'})),
      argValues: command.argValues,
      descriptions: Object.fromEntries(command.flags.map(flag => [flag.name, flag.description])),
    })),
  };
}

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
/**
 * fish's single quotes are not POSIX's: a backslash escapes `\\` and `'` inside them, so
 * POSIX's `'\\''` lets a word holding `\\'` close the quote and run what follows.
 */
const fishQuote = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * The saved org, asked of the vigil that wrote the script (`config get org` reads the saved
 * config only, prints nothing when none is saved, and never needs a key). No file names: an
 * org is never one.
 */
const SAVED_ORG = (program: string) => `$(${program} config get org 2>/dev/null)`;
const words = (list: readonly string[]) => quote(list.join(' '));
const fishWords = (list: readonly string[]) => fishQuote(list.join(' '));

/** The loop both bash and zsh use to find the command typed so far (in `cmd`). */
function findCommand(model: Model, first: string, last: string, word: string): string {
  return `  local cmd="" w i
  for ((i = ${first}; i < ${last}; i++)); do
    w=${word}
    [[ $w == -* ]] && break
    # \`vigil help reports list\` completes like \`vigil reports list\`.
    [[ -z $cmd && $w == help ]] && continue
    case "\${cmd:+$cmd }$w" in
      ${model.paths.map(quote).join('|')}) cmd="\${cmd:+$cmd }$w" ;;
      *) break ;;
    esac
  done`;
}

function bash(model: Model, program: string): string {
  const groupCases = model.groups.map(group => `    ${quote(group.path)}) list=${words(group.words)} ;;`);
  const commandCases = model.commands.map(command => {
    const values = command.valueFlags.map(({flag, values, complete}) => {
      if (values.length > 0) return `        ${flag}) COMPREPLY=($(compgen -W ${words(values)} -- "$cur")); return ;;`;
      if (complete === 'files') return `        ${flag}) COMPREPLY=($(compgen -f -- "$cur")); return ;;`;
      if (complete === 'org') return `        ${flag}) COMPREPLY=($(compgen -W "${SAVED_ORG(program)}" -- "$cur")); return ;;`;
      return `        ${flag}) COMPREPLY=(); return ;;`;
    });
    const args = command.argValues.length > 0 ? `\n      [[ $cur != -* ]] && list=${words(command.argValues)}` : '';
    return `    ${quote(command.path)})
      case "$prev" in
${values.join('\n')}
      esac
      list=${words(command.flags)}${args} ;;`;
  });
  return `# vigil completion for bash. Load it with: source <(vigil completion bash)
_vigil() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" list=""
${findCommand(model, '1', 'COMP_CWORD', '"${COMP_WORDS[i]}"')}
  case "$cmd" in
${groupCases.join('\n')}
${commandCases.join('\n')}
  esac
  COMPREPLY=($(compgen -W "$list" -- "$cur"))
}
complete -F _vigil vigil
`;
}

function zsh(model: Model, program: string): string {
  const groupCases = model.groups.map(group => `    ${quote(group.path)}) list=(${group.words.map(quote).join(' ')}) ;;`);
  const commandCases = model.commands.map(command => {
    const values = command.valueFlags.map(({flag, values, complete}) => {
      if (values.length > 0) return `        ${flag}) compadd -- ${values.map(quote).join(' ')}; return ;;`;
      if (complete === 'files') return `        ${flag}) _files; return ;;`;
      if (complete === 'org') return `        ${flag}) compadd -- ${SAVED_ORG(program)}; return ;;`;
      return `        ${flag}) return ;;`;
    });
    const args = command.argValues.length > 0 ? `\n      [[ $cur != -* ]] && list=(${command.argValues.map(quote).join(' ')})` : '';
    return `    ${quote(command.path)})
      case "$prev" in
${values.join('\n')}
      esac
      list=(${command.flags.map(quote).join(' ')})${args} ;;`;
  });
  // \`cmd\`, never \`path\`: zsh ties \`path\` to PATH.
  return `#compdef vigil
# vigil completion for zsh. Load it with: source <(vigil completion zsh)
# (or save it as _vigil in a directory of your $fpath)
_vigil() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}"
  local -a list
${findCommand(model, '2', 'CURRENT', '"${words[i]}"')}
  case "$cmd" in
${groupCases.join('\n')}
${commandCases.join('\n')}
  esac
  compadd -- "\${list[@]}"
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _vigil "$@"
else
  compdef _vigil vigil
fi
`;
}

function fish(model: Model, program: string): string {
  const lines = [
    '# vigil completion for fish. Load it with: vigil completion fish | source',
    '# (or save it as ~/.config/fish/completions/vigil.fish)',
    `set -g __vigil_paths ${model.paths.map(quote).join(' ')}`,
    `set -g __vigil_commands ${model.commands.map(command => fishQuote(command.path)).join(' ')}`,
    '# The command typed so far: "", "reports", "reports list".',
    'function __vigil_cmd',
    '    set -l cmd',
    '    for w in (commandline -opc)[2..-1]',
    "        string match -q -- '-*' $w; and break",
    '        test -z "$cmd"; and test $w = help; and continue',
    '        set -l next (string join " " $cmd $w)',
    '        contains -- $next $__vigil_paths; or break',
    '        set cmd $cmd $w',
    '        contains -- $next $__vigil_commands; and break',
    '    end',
    '    string join " " $cmd',
    'end',
    'complete -c vigil -f',
    '# The saved org (`vigil config get org`), for --org.',
    'function __vigil_saved_org',
    `    ${program} config get org 2>/dev/null`,
    'end',
  ];
  for (const group of model.groups) {
    lines.push(`complete -c vigil -n ${fishQuote(`test "$(__vigil_cmd)" = ${fishQuote(group.path)}`)} -a ${fishWords(group.words)}`);
  }
  for (const command of model.commands) {
    const when = `-n ${fishQuote(`test "$(__vigil_cmd)" = ${fishQuote(command.path)}`)}`;
    const valued = new Map(command.valueFlags.map(valueFlag => [valueFlag.flag, valueFlag]));
    for (const flag of command.flags) {
      const value = valued.get(flag);
      const takes = value === undefined ? '' : value.values.length > 0 ? ` -x -a ${fishWords(value.values)}` : value.complete === 'files' ? ' -r -F' : value.complete === 'org' ? ` -x -a ${fishQuote('(__vigil_saved_org)')}` : ' -x';
      const description = command.descriptions[flag];
      lines.push(`complete -c vigil ${when} -l ${flag.replace(/^--/, '')}${takes}${description ? ` -d ${fishQuote(description.split(/[.(]/)[0]!.trim())}` : ''}`);
    }
    if (command.argValues.length > 0) lines.push(`complete -c vigil ${when} -a ${fishWords(command.argValues)}`);
  }
  return `${lines.join('\n')}\n`;
}
