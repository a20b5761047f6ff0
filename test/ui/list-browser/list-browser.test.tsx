import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Column} from '../../../src/output/columns.js';
import {ListBrowser} from '../../../src/ui/list-browser/list-browser.js';
import {KEYS, SETTLE, fakeEnd, press, settled} from '../helpers.js';

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

interface Row {
  id: string;
  name: string;
}
const COLUMNS: Column<Row>[] = [
  {header: 'ID', value: r => r.id, whole: true},
  {header: 'NAME', value: r => r.name},
];
const PAGES: Record<string, {rows: Row[]; next: string | null}> = {
  first: {rows: [{id: '1', name: 'one'}, {id: '2', name: 'two \u001b[2Jcleared'}], next: 'p2'},
  p2: {rows: [{id: '3', name: 'three'}], next: null},
};

async function mount(link: string | null = 'https://app.example/acme/health') {
  const loads: Array<string | undefined> = [];
  const end = fakeEnd();
  const loadPage = async (cursor: string | undefined) => {
    loads.push(cursor);
    return PAGES[cursor ?? 'first']!;
  };
  const app = await settled(() => render(<ListBrowser<Row> title="vigil things · org acme" command="vigil things list --org acme" columns={COLUMNS} loadPage={loadPage} extraDetail={r => [['extra', `x${r.id}`]]} link={link} end={end} />));
  cleanup.push(() => app.unmount());
  const frame = () => (app.lastFrame() ?? '').replace(/\u001b\[\d+m/g, '');
  await vi.waitFor(() => expect(frame()).toContain('1 of 2 on page 1'), SETTLE);
  return {...app, loads, end, frame};
}

describe('the list browser of a finding', () => {
  it('shows the page as a table under its command; moves, opens a row, goes back', async () => {
    const app = await mount();
    expect(app.frame()).toContain('vigil things list --org acme');
    expect(app.frame()).toMatch(/› 1\s+one/);
    expect(app.frame()).not.toContain('\u001b[2J');
    await press(app, 'j');
    expect(app.frame()).toMatch(/› 2\s+two/);
    await press(app, KEYS.enter);
    expect(app.frame()).toMatch(/^id\s+2$/m);
    expect(app.frame()).toMatch(/^extra\s+x2$/m);
    await press(app, '[');
    expect(app.frame()).toMatch(/^id\s+1$/m);
    await press(app, KEYS.escape);
    await vi.waitFor(() => expect(app.frame()).toMatch(/› 1\s+one/), SETTLE);
  });

  it('n and p follow the cursor; o shows the web app link, or says there is none', async () => {
    const app = await mount();
    await press(app, 'n');
    await vi.waitFor(() => expect(app.frame()).toContain('1 of 1 on page 2'), SETTLE);
    expect(app.loads).toEqual([undefined, 'p2']);
    await press(app, 'n');
    expect(app.frame()).toContain('this is the last page');
    await press(app, 'o');
    expect(app.frame()).toContain('web app: https://app.example/acme/health');
    await press(app, 'p');
    await vi.waitFor(() => expect(app.frame()).toContain('1 of 2 on page 1 (more: n)'), SETTLE);
    const none = await mount(null);
    await press(none, 'o');
    expect(none.frame()).toContain('no web app link');
  });

  it('q ends it with 0, from the table or the detail', async () => {
    const app = await mount();
    await press(app, KEYS.enter, 'q');
    await vi.waitFor(() => expect(app.end.codes).toEqual([0]), SETTLE);
  });
});
