import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {flagName} from '../../src/cli/flag-values.js';
import {readDescription} from '../../src/cli/options.js';
import {InputError} from '../../src/errors.js';
import {fakeContext} from '../helpers/fake-context.js';
import {useNock} from '../helpers/nock.js';
import {loadDefinitions} from '../helpers/definitions.js';
import {rejectionOf} from '../helpers/thrown.js';

/*
 * zod alone checks flag values (src/cli/flag-values.ts): every definition that an agent or a
 * script calls is fed a bad value for each flag whose value has a type (a whole number, an
 * ISO date, a fixed set of values) and must refuse it with exit 3, naming that flag, before
 * anything is sent (nock lets no request out, and none is intercepted).
 */
useNock();

const definitions = await loadDefinitions();

/** A value no flag of its kind accepts, from what the definition says of the flag. */
function badValue(label: string | undefined, values: readonly string[] | undefined): string | undefined {
  // An asset type is open as a list is: an unknown one is sent with a warning (docs/contract.md#asset-types).
  if (values !== undefined && values.length > 0 && label !== 'list' && label !== 'type') return 'no-such-value';
  if (label === 'n') return 'ten';
  if (label === 'iso') return '31/01/2026';
  return undefined;
}

type Wrapped = {description?: string; def: {type: string; innerType?: Wrapped}};

const cases = definitions
  .filter(definition => definition.mcp !== false)
  .flatMap(definition =>
    Object.entries(definition.options().shape as Record<string, Wrapped>).flatMap(([key, schema]) => {
      let core = schema;
      let description = schema.description;
      while (core.def.innerType) {
        core = core.def.innerType;
        description ??= core.description;
      }
      if (core.def.type !== 'string') return [];
      const value = badValue(readDescription(description).valueDescription, definition.completions?.[key]);
      return value === undefined ? [] : [[`vigil ${definition.path.join(' ')} ${flagName(key)} ${value}`, definition, key, value] as const];
    }),
  );

describe('every typed flag of every definition: a bad value is exit 3 naming the flag, nothing sent', () => {
  it('finds the typed flags (the table is not empty)', () => {
    expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['vigil reports list --limit ten', 'vigil reports list --reviewed-by-user-id ten', 'vigil reports list --status no-such-value', 'vigil proposals review --decision no-such-value']));
  });

  it.each(cases)('%s', async (_name, definition, key, value) => {
    const ctx = fakeContext({org: 'acme'});
    const args = definition.args ? (definition.args().safeParse([]).success ? [] : ['1']) : [];
    const error = await rejectionOf(definition.run({options: {[key]: value}, args}, ctx), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.filter(problem => problem.field === flagName(key)).map(problem => problem.message)).toContainEqual(expect.stringMatching(/must be|must list|not a/));
    expect(nock.pendingMocks()).toEqual([]);
  });
});
