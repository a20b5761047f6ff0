import {describe, expect, it} from 'vitest';
import {createNeeds} from '../../../src/ui/create/guided-create.js';
import {wantsInteractive} from '../../../src/ui/hooks/use-interactive-command.js';

describe('when the keyboard UI runs', () => {
  const tty = {canPrompt: true};

  it('only for a person at a terminal who asked for no machine output', () => {
    expect(wantsInteractive({}, tty)).toBe(true);
    expect(wantsInteractive({interactive: true}, tty)).toBe(true);
    expect(wantsInteractive({}, {canPrompt: false})).toBe(false);
    expect(wantsInteractive({interactive: false}, tty)).toBe(false);
    expect(wantsInteractive({json: true}, tty)).toBe(false);
    expect(wantsInteractive({output: 'table'}, tty)).toBe(false);
  });

  it('create prompts only for missing required fields, never for a payload file or a dry run', () => {
    expect(createNeeds({})).toEqual({title: true, description: true, assets: true, contactInfo: true});
    expect(createNeeds({title: 'T', description: 'D', asset: ['a.example']})).toBeNull();
    expect(createNeeds({title: 'T', description: 'D', asset: []})).toEqual({title: false, description: false, assets: true, contactInfo: true});
    expect(createNeeds({title: 'T', contactInfo: 'me'})).toEqual({title: false, description: true, assets: true, contactInfo: false});
    expect(createNeeds({payloadFile: 'body.json'})).toBeNull();
    expect(createNeeds({dryRun: true})).toBeNull();
  });
});
