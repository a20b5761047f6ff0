import {lazy, Suspense, type ComponentType} from 'react';
import {contextFlags, type CommandDefinition, type CommandInput} from '../cli/define.js';
import {processIO} from '../cli/io.js';
import {RunCommand} from './run-command.js';

/** What Pastel reads from a module under commands/ (its read-commands.js). */
export interface PastelCommand {
  description: string;
  options: ReturnType<CommandDefinition['options']>;
  args: ReturnType<NonNullable<CommandDefinition['args']>> | undefined;
  component: ComponentType<{options: unknown; args: unknown}>;
}

/**
 * Pastel's pieces of a command, derived from its definition: the schemas, and a component
 * that shows the definition's screen when it wants one, else runs its work with nothing
 * drawn (exactly what the fast path does, src/cli/fast-path.ts).
 */
export function pastelCommand(definition: CommandDefinition): PastelCommand {
  const interactive = definition.interactive;
  const Screen = interactive ? lazy(() => interactive.load().then(component => ({default: component}))) : undefined;

  function Command({options, args}: {options: unknown; args: unknown}) {
    const input: CommandInput<unknown, unknown> = {options, args};
    if (Screen && interactive!.when(input, processIO())) {
      return (
        <Suspense fallback={null}>
          <Screen input={input} />
        </Suspense>
      );
    }
    return <RunCommand flags={contextFlags(definition, options as object)} run={ctx => definition.run(input, ctx)} />;
  }
  Command.displayName = ['vigil', ...definition.path].join(' ');

  return {description: definition.description, options: definition.options(), args: definition.args?.(), component: Command};
}
