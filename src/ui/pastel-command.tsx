import {lazy, Suspense, type ComponentType} from 'react';
import type {CommandDefinition, CommandInput} from '../cli/define.js';

/** A command's module in Pastel's layout (dist/commands/<noun>/<verb>.js, derived by scripts/build.mjs). */
export interface PastelCommand {
  description: string;
  options: ReturnType<CommandDefinition['options']>;
  args: ReturnType<NonNullable<CommandDefinition['args']>> | undefined;
  component: ComponentType<{options: unknown; args: unknown}>;
}

/**
 * Pastel's pieces of a command, derived from its definition: the schemas, and a component
 * that shows the definition's screen. It is drawn only when the fast path (src/cli/fast-path.ts)
 * has parsed and checked the input and the definition's `interactive.when` said to draw
 * (src/cli/main.ts renders it); a command that never draws has a component that says so.
 */
export function pastelCommand(definition: CommandDefinition): PastelCommand {
  const interactive = definition.interactive;
  const Screen = interactive ? lazy(() => interactive.load().then(component => ({default: component}))) : undefined;

  function Command({options, args}: {options: unknown; args: unknown}) {
    if (!Screen) throw new Error(`vigil ${definition.path.join(' ')} draws nothing: the fast path runs it`);
    const input: CommandInput<unknown, unknown> = {options, args};
    return (
      <Suspense fallback={null}>
        <Screen input={input} />
      </Suspense>
    );
  }
  Command.displayName = ['vigil', ...definition.path].join(' ');

  return {description: definition.description, options: definition.options(), args: definition.args?.(), component: Command};
}
