import {GROUPS} from '../../src/cli/groups.js';

export const description = GROUPS.asset;
