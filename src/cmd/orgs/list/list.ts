import {userOrgs} from '../../../api/wire/endpoints/platform.js';
import type {CommandContext} from '../../../cli/context.js';
import {listView, runPlainRead} from '../../../cli/passthrough.js';
import type {OutputFlags} from '../../../output/index.js';
import {ORG_COLUMNS} from '../shared/columns.js';

/**
 * `vigil orgs list`: POST /user/orgs with the documented example body `{}` (the filters the
 * docs name have no stated types: not sent), its `organizations` as rows
 * (docs/contract.md#passthrough-reads).
 */
export function runOrgsList(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  return runPlainRead(flags, ctx, {endpoint: userOrgs, view: listView('organizations', ORG_COLUMNS), emptyMessage: 'No organizations in the answer.'});
}
