import {describe} from 'vitest';
import {runAssetGroupsList} from '../../../../../src/cmd/orgs/asset-groups/list/list.js';
import {useNock} from '../../../../helpers/nock.js';
import {HOSTILE, readContract} from '../../../../helpers/plain-read.js';

useNock({allowUnused: true});

describe('orgs asset-groups list', () => {
  readContract({
    run: runAssetGroupsList,
    method: 'GET',
    path: 'organization/asset-groups',
    reply: {groups: [{id: 1, name: 'Official domains', assetCount: 2}, {id: 2, name: 'Retired', assetCount: 0}]},
    header: /^ID\s+NAME\s+ASSETS$/,
    tsv: '1\tOfficial domains\t2\n2\tRetired\t0\n',
    hostile: {groups: [{id: 1, name: HOSTILE}]},
  });
});
