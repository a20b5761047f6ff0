import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {CreateReportResponse} from '../../../src/api/wire/index.js';
import type {CreatePlan} from '../../../src/cmd/reports/create/body.js';
import {ApiError, InputError} from '../../../src/errors.js';
import {CreateFlow, type CreateFlowProps} from '../../../src/ui/create/create-flow.js';
import type {Answers, CreateNeeds} from '../../../src/ui/create/create-state.js';
import {KEYS, fakeEnd, press, settled, SETTLE} from '../helpers.js';

const all: CreateNeeds = {title: true, description: true, assets: true, contactInfo: true};
const created: CreateReportResponse = {id: '4242', createdAt: '2026-11-22T04:00:00.000Z', organization: {id: '1', slug: 'acme', name: 'Acme'}};

function planOf(answers: Answers): CreatePlan {
  return {
    body: {
      organizationSlug: 'acme',
      title: answers.title ?? 'From flag',
      description: answers.description ?? 'From flag',
      assets: answers.assets.map(a => (a.status ? {content: a.content, status: a.status} : {content: a.content})),
      ...(answers.contactInfo ? {contactInfo: answers.contactInfo} : {}),
    },
    warnings: [],
  };
}

let unmounts: Array<() => void> = [];
afterEach(() => {
  for (const u of unmounts) u();
  unmounts = [];
});

async function mount(overrides: Partial<CreateFlowProps> = {}, needs: CreateNeeds = all) {
  const submitted: CreatePlan[] = [];
  const checked: Answers[] = [];
  const end = fakeEnd();
  const props: CreateFlowProps = {
    needs,
    check: async answers => {
      checked.push(answers);
      return {plan: planOf(answers), duplicates: {perAsset: true, answers: [
        {content: answers.assets[0]?.content ?? 'x', reported: true, reports: [{id: '1322', status: 'TODO'}]},
        ...answers.assets.slice(1).map(a => ({content: a.content, reported: false, reports: []})),
      ]}};
    },
    submit: async plan => {
      submitted.push(plan);
      return created;
    },
    end,
    ...overrides,
  };
  const app = await settled(() => render(<CreateFlow {...props} />));
  unmounts.push(() => app.unmount());
  return {...app, end, submitted, checked, frame: () => app.lastFrame() ?? ''};
}

/** Mounts and waits for the first prompt: keys written before Ink listens are lost. */
async function mountReady(overrides: Partial<CreateFlowProps> = {}, needs: CreateNeeds = all) {
  const app = await mount(overrides, needs);
  await vi.waitFor(() => expect(app.frame()).toContain('? '), SETTLE);
  return app;
}

/** Types text and Enter in ONE write, the way a paste or tmux delivers them. */
const answer = async (app: {stdin: {write(s: string): void}}, text: string) => {
  await press(app, `${text}\r`);
};

const ONLY_ASSETS: CreateNeeds = {title: false, description: false, assets: true, contactInfo: false};

/** Answers the one asset prompt (a.example, server default status) and waits for the review. */
async function toReview(app: Awaited<ReturnType<typeof mount>>) {
  await press(app, 'a.example\r');
  await press(app, '\r');
  app.stdin.write('\r');
  await vi.waitFor(() => expect(app.frame()).toContain('Submit this report?'), SETTLE);
}

describe('guided create', () => {
  it('prompts for everything, shows payload and duplicates, confirms, submits, shows the result', async () => {
    const app = await mountReady();
    await vi.waitFor(() => expect(app.frame()).toContain('? Title (at least 3 characters):'), SETTLE);
    await answer(app, 'ab');
    expect(app.frame()).toContain('title must be at least 3 characters');
    app.stdin.write(KEYS.backspace + KEYS.backspace);
    await answer(app, 'Fake wallet site');
    expect(app.frame()).toContain('✔ Title: Fake wallet site');
    await answer(app, 'Clone of the acme wallet');
    await answer(app, 'acme-wallet.example');
    expect(app.frame()).toContain('Status of acme-wallet.example');
    expect(app.frame()).toContain('› server default (BLOCKED)');
    app.stdin.write(KEYS.down + KEYS.down);
    await vi.waitFor(() => expect(app.frame()).toContain('› ALLOWED'), SETTLE);
    await press(app, KEYS.enter);
    await answer(app, 'https://acme-wallet.example:8443/login');
    await press(app, KEYS.enter);
    await answer(app, '');
    expect(app.frame()).toContain('? Contact info (optional: enter to skip):');
    await answer(app, 'ops@acme.example');
    await vi.waitFor(() => expect(app.frame()).toContain('Drop 1 already reported asset(s) before sending? (Y/n)'), SETTLE);
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('Submit this report? (y/N)'), SETTLE);
    const review = app.frame();
    expect(review).toContain('Already reported assets are still in this report.');
    expect(review).toContain('"title": "Fake wallet site"');
    expect(review).toContain('"status": "ALLOWED"');
    expect(review).toContain('"contactInfo": "ops@acme.example"');
    expect(review).toContain('! acme-wallet.example: already reported in 1322 (TODO)');
    expect(review).toContain('✔ https://acme-wallet.example:8443/login: no report yet');
    expect(app.submitted).toEqual([]);
    app.stdin.write('y');
    await vi.waitFor(() => expect(app.frame()).toContain('✔ Created report 4242'), SETTLE);
    expect(app.frame()).toContain('organization: Acme (acme)');
    expect(app.submitted[0]!.body.assets).toEqual([{content: 'acme-wallet.example', status: 'ALLOWED'}, {content: 'https://acme-wallet.example:8443/login'}]);
    await vi.waitFor(() => expect(app.end.codes).toEqual([0]), SETTLE);
  });

  it('asks only for the missing fields', async () => {
    const app = await mountReady({}, ONLY_ASSETS);
    await vi.waitFor(() => expect(app.frame()).toContain('? Asset 1'), SETTLE);
    await answer(app, 'a.example');
    await press(app, KEYS.enter);
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('Submit this report?'), SETTLE);
    expect(app.frame()).not.toContain('Contact info');
    expect(app.checked[0]).toEqual({assets: [{content: 'a.example'}]});
  });

  it('n at the review sends nothing and exits 0', async () => {
    const app = await mountReady({}, ONLY_ASSETS);
    await toReview(app);
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('Cancelled: nothing was sent.'), SETTLE);
    expect(app.submitted).toEqual([]);
    await vi.waitFor(() => expect(app.end.codes).toEqual([0]), SETTLE);
  });

  it('a 422 returns to the form with every answer kept and the rejected asset marked', async () => {
    const rejected = new ApiError({status: 422, code: 'UNPROCESSABLE_ENTITY', message: 'Some assets were rejected', issues: [], details: {assetErrors: [
      {asset: 'a.example', errorType: 'INVALID_ASSET', message: 'not a phishing asset \u001b[2J', suggestion: 'check the domain'},
    ]}});
    const sent: CreatePlan[] = [];
    const app = await mountReady({submit: async plan => {
      sent.push(plan);
      if (sent.length === 1) throw rejected;
      return created;
    }});
    await answer(app, 'Fake wallet site');
    await answer(app, 'Clone of the wallet');
    await answer(app, 'a.example:ALLOWED');
    await answer(app, 'b.example:BLOCKED');
    await answer(app, '');
    await answer(app, 'ops@acme.example');
    await vi.waitFor(() => expect(app.frame()).toContain('Drop 1 already reported'), SETTLE);
    app.stdin.write('n');
    await vi.waitFor(() => expect(app.frame()).toContain('Submit this report? (y/N)'), SETTLE);
    app.stdin.write('y');
    // Back at the first prompt, prefilled: Enter keeps each answer.
    await vi.waitFor(() => expect(app.frame()).toContain('? Title (at least 3 characters): Fake wallet site'), SETTLE);
    expect(app.frame()).toContain('INVALID_ASSET');
    expect(app.frame()).toContain('Nothing was created.');
    expect(app.frame()).not.toContain('\u001b[2J');
    expect(app.end.codes).toEqual([]);
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('? Description: Clone of the wallet'), SETTLE);
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('? Asset 1 (empty the line to drop it): a.example:ALLOWED'), SETTLE);
    expect(app.frame()).toContain('rejected: INVALID_ASSET: not a phishing asset');
    expect(app.frame()).toContain('(check the domain)');
    app.stdin.write('\u0015'); // Ctrl+U: empty the line, dropping the rejected asset
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('? Asset 1 (empty the line to drop it): b.example:BLOCKED'), SETTLE);
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('? Asset 2 (enter on an empty line when done)'), SETTLE);
    expect(app.frame()).toContain('✔ Asset 1: b.example (BLOCKED)');
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('? Contact info (optional: enter to skip): ops@acme.example'), SETTLE);
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('Submit this report?'), SETTLE);
    app.stdin.write('y');
    await vi.waitFor(() => expect(app.frame()).toContain('✔ Created report 4242'), SETTLE);
    expect(app.checked[1]).toEqual({title: 'Fake wallet site', description: 'Clone of the wallet', assets: [{content: 'b.example', status: 'BLOCKED'}], contactInfo: 'ops@acme.example'});
    expect(sent.map(plan => plan.body.assets)).toEqual([
      [{content: 'a.example', status: 'ALLOWED'}, {content: 'b.example', status: 'BLOCKED'}],
      [{content: 'b.example', status: 'BLOCKED'}],
    ]);
    await vi.waitFor(() => expect(app.end.codes).toEqual([0]), SETTLE);
  });

  it('a 5xx still ends the flow with the error (exit 8 family, not the form)', async () => {
    const down = new ApiError({status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', issues: []});
    const app = await mountReady({submit: async () => { throw down; }}, ONLY_ASSETS);
    await toReview(app);
    app.stdin.write('y');
    await vi.waitFor(() => expect(app.frame()).toContain('HTTP 503'), SETTLE);
    await vi.waitFor(() => expect(app.end.codes.length).toBe(1), SETTLE);
    expect(app.end.codes[0]).not.toBe(0);
  });

  it('drops already reported assets by default, then Enter submits the rest', async () => {
    const app = await mountReady({}, ONLY_ASSETS);
    await answer(app, 'dup.example:BLOCKED');
    await answer(app, 'fresh.example:UNKNOWN');
    await answer(app, '');
    await vi.waitFor(() => expect(app.frame()).toContain('Drop 1 already reported asset(s) before sending? (Y/n)'), SETTLE);
    expect(app.frame()).toContain('! dup.example: already reported in 1322 (TODO)');
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Submit this report? (Y/n)'), SETTLE);
    expect(app.frame()).not.toContain('dup.example');
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('✔ Created report 4242'), SETTLE);
    expect(app.submitted[0]!.body.assets).toEqual([{content: 'fresh.example', status: 'UNKNOWN'}]);
  });

  it('when every asset is already reported, nothing is offered to drop and Enter at the review cancels', async () => {
    const app = await mountReady({}, ONLY_ASSETS);
    await toReview(app);
    expect(app.frame()).not.toContain('Drop ');
    expect(app.frame()).toContain('Submit this report? (y/N)');
    app.stdin.write(KEYS.enter);
    await vi.waitFor(() => expect(app.frame()).toContain('Cancelled: nothing was sent.'), SETTLE);
    expect(app.submitted).toEqual([]);
  });

  it('x.example:BLOCKED sets the status without a second question', async () => {
    const app = await mountReady({}, ONLY_ASSETS);
    await answer(app, 'x.example:blocked');
    await vi.waitFor(() => expect(app.frame()).toContain('✔ Asset 1: x.example (BLOCKED)'), SETTLE);
    expect(app.frame()).not.toContain('Status of');
    await answer(app, 'y.example:BLOKED');
    expect(app.frame()).toContain('did you mean :BLOCKED?');
  });

  it('Ctrl+X in the description opens the editor and takes what it saved', async () => {
    const opened: string[] = [];
    const app = await mountReady({editText: initial => {
      opened.push(initial);
      return {text: '# Clone\n\nSee **login** page'};
    }});
    await answer(app, 'Fake wallet site');
    expect(app.frame()).toContain('Ctrl+X writes it in $EDITOR');
    await press(app, 'draft');
    app.stdin.write('\u0018');
    await vi.waitFor(() => expect(app.frame()).toContain('✔ Description: # Clone (+2 lines)'), SETTLE);
    expect(opened).toEqual(['draft']);
    await answer(app, 'a.example:BLOCKED');
    await answer(app, '');
    await answer(app, '');
    await vi.waitFor(() => expect(app.checked.length).toBe(1), SETTLE);
    expect(app.checked[0]!.description).toBe('# Clone\n\nSee **login** page');
  });

  it('Ctrl+X without an editor says so and keeps what was typed', async () => {
    const app = await mountReady({editText: () => ({error: '$VISUAL and $EDITOR are unset'})});
    await answer(app, 'Fake wallet site');
    await press(app, 'draft');
    app.stdin.write('\u0018');
    await vi.waitFor(() => expect(app.frame()).toContain('$VISUAL and $EDITOR are unset'), SETTLE);
    expect(app.frame()).toContain('? Description: draft');
  });

  it('an invalid plan (input error) is shown and exits 3 before anything is sent', async () => {
    const app = await mountReady({check: async () => { throw new InputError([{field: '--attachment-url', message: 'must be a valid URL'}]); }}, ONLY_ASSETS);
    app.stdin.write('a.example\r\r\r');
    await vi.waitFor(() => expect(app.frame()).toContain('--attachment-url: must be a valid URL'), SETTLE);
    await vi.waitFor(() => expect(app.end.codes).toEqual([3]), SETTLE);
    expect(app.submitted).toEqual([]);
  });

  it('shows a spinner while checking and while submitting', async () => {
    let releaseCheck: (() => void) | undefined;
    const app = await mountReady({
      check: answers => new Promise(resolve => (releaseCheck = () => resolve({plan: planOf(answers), duplicates: {error: 'HTTP 503'}}))),
      submit: () => new Promise(() => {}),
    }, ONLY_ASSETS);
    app.stdin.write('a.example\r\r\r');
    await vi.waitFor(() => expect(app.frame()).toContain('Checking which assets already have reports or are blocked…'), SETTLE);
    // The check starts in an effect after that frame.
    await vi.waitFor(() => expect(releaseCheck).toBeDefined(), SETTLE);
    releaseCheck!();
    await vi.waitFor(() => expect(app.frame()).toContain('could not check (HTTP 503); you can still submit'), SETTLE);
    app.stdin.write('y');
    await vi.waitFor(() => expect(app.frame()).toContain('Creating report…'), SETTLE);
  });

  it('says which assets are already BLOCKED, and by whom, before the report is sent', async () => {
    const app = await mountReady({
      check: async answers => ({plan: planOf(answers), duplicates: {perAsset: true, answers: []}, blocked: {blocked: [{content: 'a.example', by: ['chainpatrol']}], unchecked: 1, error: 'HTTP 503'}}),
    }, ONLY_ASSETS);
    app.stdin.write('a.example\r\r\r');
    await vi.waitFor(() => expect(app.frame()).toContain('Submit this report?'), SETTLE);
    expect(app.frame()).toContain('! a.example is already BLOCKED (by chainpatrol)');
    expect(app.frame()).toContain('! could not check 1 asset against the blocklist (HTTP 503)');
    expect(app.submitted).toEqual([]);
  });

  it('Ctrl+C at a prompt or while submitting interrupts (exit 130)', async () => {
    const atPrompt = await mountReady();
    await press(atPrompt, 'Tit');
    atPrompt.stdin.write(KEYS.ctrlC);
    await vi.waitFor(() => expect(atPrompt.end.interrupts).toBe(1), SETTLE);
    expect(atPrompt.end.codes).toEqual([]);
    expect(atPrompt.end.notes).toEqual(['interrupted: nothing was sent']);

    const submitting = await mountReady({submit: () => new Promise(() => {})}, ONLY_ASSETS);
    submitting.stdin.write('a.example\r\r\r');
    await vi.waitFor(() => expect(submitting.frame()).toContain('Submit this report?'), SETTLE);
    submitting.stdin.write('y');
    await vi.waitFor(() => expect(submitting.frame()).toContain('Creating report…'), SETTLE);
    submitting.stdin.write(KEYS.ctrlC);
    await vi.waitFor(() => expect(submitting.end.interrupts).toBe(1), SETTLE);
    // The request was out: it may have been created, and "nothing was sent" would be a lie.
    expect(submitting.end.notes).toEqual([expect.stringMatching(/^interrupted: the report may or may not have been created; check with `vigil reports search <asset>`/)]);
  });
});
