import {describe, expect, it} from 'vitest';
import {parseChecks} from '../../src/checks/loader.js';
import {InputError} from '../../src/errors.js';
import {heldByDependencies} from '../../src/maintenance/depends.js';
import {heldPairs} from '../../src/maintenance/held.js';
import {maintenanceGauge} from '../../src/maintenance/metrics.js';
import {NOW, stored} from '../board/fixture.js';

const file = 'checks:\n  - {check: takedowns.automation-off, org: acme}\n  - {check: takedowns.cancelled-count, org: acme, dependsOn: [takedowns.automation-off]}\n  - {check: takedowns.cancelled-count, org: globex, dependsOn: [takedowns.automation-off]}\n';

describe('dependsOn: in the checks file', () => {
  it('reads the checks an entry depends on', async () => {
    const config = await parseChecks(file, 'checks.yaml');
    expect(config.specs.map(spec => spec.dependsOn)).toEqual([undefined, ['takedowns.automation-off'], ['takedowns.automation-off']]);
  });

  it('refuses a check that depends on itself, naming the field', async () => {
    const error = await parseChecks('checks:\n  - {check: reviewing.backlog, org: acme, dependsOn: [reviewing.backlog]}\n', 'checks.yaml').catch(caught => caught as InputError);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe('checks.yaml: checks[0].dependsOn: reviewing.backlog cannot depend on itself');
  });
});

describe('holds from a failing dependency', () => {
  const dependencies = new Map([
    ['takedowns.cancelled-count@acme', ['takedowns.automation-off']],
    ['takedowns.cancelled-count@globex', ['takedowns.automation-off']],
  ]);
  // acme's automation-off fails; globex has no such check: nothing holds globex.
  const items = [stored('takedowns.automation-off', 'acme', 'fail'), stored('takedowns.cancelled-count', 'acme', 'fail'), stored('takedowns.cancelled-count', 'globex', 'fail')];

  it('holds a pair only while a check of its own org it depends on last graded fail', () => {
    expect([...heldByDependencies(items, dependencies)]).toEqual([['takedowns.cancelled-count@acme', 'takedowns.automation-off']]);
    const recovered = [stored('takedowns.automation-off', 'acme', 'ok'), ...items.slice(1)];
    expect(heldByDependencies(recovered, dependencies).size).toBe(0);
  });

  it('says "held by" for the board', () => {
    const held = heldPairs([], items.map(item => item.spec), NOW, heldByDependencies(items, dependencies));
    expect([...held]).toEqual([['takedowns.cancelled-count@acme', 'takedowns.automation-off (failing; dependsOn)']]);
  });

  it('exports vigil_check_held_by for the held pair only, and nothing when nothing holds', async () => {
    const client = await import('prom-client');
    const registry = new client.Registry();
    let holds = {windows: [], dependencies};
    const update = maintenanceGauge(client, [registry], async () => holds);
    await update(items, NOW);
    const text = await registry.metrics();
    expect(text.split('\n').filter(line => line.startsWith('vigil_'))).toEqual(['vigil_check_held_by{check="takedowns.cancelled-count",org="acme",held_by="takedowns.automation-off"} 1']);
    holds = {windows: [], dependencies: new Map()};
    await update(items, NOW);
    expect((await registry.metrics()).split('\n').filter(line => line.startsWith('vigil_'))).toEqual([]);
  });

  it('exports vigil_maintenance_active per active scope, none at rest', async () => {
    const client = await import('prom-client');
    const registry = new client.Registry();
    const windows = [
      {id: 'cli-a', org: 'acme', from: NOW - 1000, to: NOW + 1000, source: 'cli' as const},
      {id: 'cli-b', org: 'acme', from: NOW - 1000, to: NOW + 5000, source: 'cli' as const},
      {id: 'cli-c', org: 'globex', check: 'reviewing.backlog', from: NOW - 1000, to: NOW + 1000, source: 'cli' as const},
    ];
    const update = maintenanceGauge(client, [registry], async () => ({windows, dependencies: new Map()}));
    await update([], NOW);
    expect((await registry.metrics()).split('\n').filter(line => line.startsWith('vigil_'))).toEqual([
      'vigil_maintenance_active{org="acme",scope="org"} 1',
      'vigil_maintenance_active{org="globex",check="reviewing.backlog",scope="check"} 1',
    ]);
    await update([], NOW + 10_000);
    expect((await registry.metrics()).split('\n').filter(line => line.startsWith('vigil_'))).toEqual([]);
  });
});
