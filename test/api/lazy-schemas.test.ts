import {describe, expect, it, vi} from 'vitest';

// Counts the zod objects built, to see which schemas a module builds when imported.
const built = vi.hoisted(() => ({count: 0}));
vi.mock('zod', async importOriginal => {
  const actual = await importOriginal<typeof import('zod')>();
  const counted = <F extends (...args: never[]) => unknown>(build: F) => ((...args: Parameters<F>) => {
    built.count++;
    return build(...args);
  }) as F;
  const builders = {object: counted(actual.object), looseObject: counted(actual.looseObject)};
  // vigil imports zod as a namespace (`import * as z`); `z` is the same API as an object.
  return {...actual, ...builders, z: {...actual.z, ...builders}};
});

describe('wire and config schemas are built per command, not at start-up', () => {
  it('are not built when their modules are imported, only on first use, and once', async () => {
    const wire = await import('../../src/api/wire/index.js');
    await import('../../src/config/store.js');
    expect(built.count).toBe(0);

    const list = wire.listReportsResponseSchema();
    expect(built.count).toBeGreaterThan(0);
    const afterList = built.count;
    expect(wire.listReportsResponseSchema()).toBe(list);
    expect(built.count).toBe(afterList);
    // The create body's schema is still unbuilt: a dry run builds only what it uses.
    wire.createReportRequestSchema();
    expect(built.count).toBeGreaterThan(afterList);
  });
});
