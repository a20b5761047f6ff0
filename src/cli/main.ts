import {createElement, type ComponentType} from 'react';
import {render} from 'ink';
import App from '../../commands/_app.js';
import type {CommandInput} from './define.js';

/**
 * The draw build (dist/pastel.js): shows a command's screen, and nothing else. The fast path
 * (fast-path.ts) has parsed and checked the input and decided that the run draws; here the
 * command's module in Pastel's layout (dist/commands/<noun>/<verb>.js) is rendered inside
 * the app (commands/_app.tsx) exactly as Pastel renders a command after its own parse, which
 * never runs: one place decides parsing, help and errors.
 * @param entryUrl the entry file's URL: dist/commands/ is beside it.
 */
export async function draw(commandPath: string, input: CommandInput<unknown, unknown>, entryUrl: string): Promise<void> {
  type Props = {options: Record<string, unknown>; args: unknown[]};
  const module = (await import(new URL(`./commands/${commandPath.replaceAll(' ', '/')}.js`, entryUrl).href)) as {default: ComponentType<Props>};
  render(createElement(App, {Component: module.default, commandProps: input as Props}));
}
