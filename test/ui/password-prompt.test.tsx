import React from 'react';
import {describe, expect, it, vi} from 'vitest';
import {render} from 'ink-testing-library';
import {PasswordPrompt, useSecretPrompt} from '../../src/ui/password-prompt.js';
import {press, settled} from './helpers.js';

const SECRET = 'sk_live_0123456789';

describe('PasswordPrompt', () => {
  it('masks what is typed and submits the value on Enter', async () => {
    const onSubmit = vi.fn();
    const app = await settled(() => render(<PasswordPrompt label="API key" onSubmit={onSubmit} />));
    expect(app.lastFrame()).toContain('API key:');
    // The words say what the prompt does: it echoes a * per character, it does not hide them.
    expect(app.lastFrame()).toContain('(each character shows as *)');
    expect(app.lastFrame()).not.toContain('hidden');
    await press(app, SECRET);
    expect(app.lastFrame()).toContain('*'.repeat(SECRET.length));
    expect(app.lastFrame()).not.toContain(SECRET);
    await press(app, '\r');
    expect(onSubmit).toHaveBeenCalledWith(SECRET);
    app.unmount();
  });

  it('refuses an empty answer in place', async () => {
    const onSubmit = vi.fn();
    const app = await settled(() => render(<PasswordPrompt label="API key" onSubmit={onSubmit} />));
    await press(app, '\r');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(app.lastFrame()).toContain('cannot be empty');
    app.unmount();
  });

  it('reports being abandoned when unmounted unanswered (Ctrl+C), not after an answer', async () => {
    const abandoned = vi.fn();
    const app = await settled(() => render(<PasswordPrompt label="API key" onSubmit={() => {}} onAbandon={abandoned} />));
    app.unmount();
    expect(abandoned).toHaveBeenCalledTimes(1);

    const answered = vi.fn();
    const second = await settled(() => render(<PasswordPrompt label="API key" onSubmit={() => {}} onAbandon={answered} />));
    await press(second, 'x');
    await press(second, '\r');
    second.unmount();
    expect(answered).not.toHaveBeenCalled();
  });
});

describe('useSecretPrompt', () => {
  it('shows the prompt only while a key is asked for, and resolves with the answer', async () => {
    let ask: ((signal: AbortSignal) => Promise<string>) | undefined;
    function Host() {
      const {promptKey, element} = useSecretPrompt('API key', () => {});
      ask = promptKey;
      return element;
    }
    const app = await settled(() => render(<Host />));
    expect(app.lastFrame()).toBe('');
    let answer!: Promise<string>;
    await settled(() => {
      answer = ask!(new AbortController().signal);
    });
    expect(app.lastFrame()).toContain('API key:');
    await press(app, SECRET, '\r');
    await expect(answer).resolves.toBe(SECRET);
    expect(app.lastFrame()).toBe('');
    app.unmount();
  });
});
