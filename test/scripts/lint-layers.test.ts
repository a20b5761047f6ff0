import {describe, expect, it} from 'vitest';
import {layerProblems} from '../../scripts/lint/layers.mjs';

describe('lint: which way src/ui and src/cmd depend', () => {
  it('a screen may call a work function, a group\'s shared rules, and name any type', () => {
    expect(layerProblems('src/ui/browser/x.tsx', "import {fetchReportsPage} from '../../cmd/reports/list/list.js';")).toEqual([]);
    expect(layerProblems('src/ui/browser/x.tsx', "import {FILTER_FLAGS} from '../../cmd/reports/shared/filters.js';")).toEqual([]);
    expect(layerProblems('src/ui/create/x.ts', "import type {CreatePlan} from '../../cmd/reports/create/body.js';")).toEqual([]);
  });

  it('a screen importing a command\'s private helper is named, with where the rule should go', () => {
    expect(layerProblems('src/ui/browser/x.ts', "import {shellQuote} from '../../cmd/reports/list/options.js';")).toEqual([
      "src/ui/browser/x.ts: imports reports/list/options, a command's private helper; call the command's work function (reports/list/list.ts) or move the rule into src/cmd/reports/shared/",
    ]);
  });

  it('a command importing the UI, or writing past its context\'s streams, is named', () => {
    expect(layerProblems('src/cmd/reports/create/command.ts', "import {createNeeds} from '../../../ui/create/needs.js';")[0]).toMatch(/a command imports the UI/);
    expect(layerProblems('src/cmd/reports/create/command.ts', "load: () => import('../../../ui/screens/reports-create.js')")).toEqual([]);
    expect(layerProblems('src/cmd/x/y/y.ts', 'process.stderr.write("hi")')[0]).toMatch(/ctx\.io/);
  });
});
