import {describe} from 'vitest';
import {runBrandsList} from '../../../../src/cmd/brands/list/list.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract} from '../../../helpers/plain-read.js';

useNock({allowUnused: true});

// The docs name some brand fields but give no schema: the ones the table shows are read tolerantly.
describe('brands list', () => {
  readContract({
    run: runBrandsList,
    method: 'GET',
    path: 'organization/brands',
    reply: {brands: [{id: 101, name: 'Acme Wallet', type: 'ORGANIZATION', websiteUrl: 'https://wallet.example'}, {id: 102, name: 'Dana', type: 'INDIVIDUAL'}]},
    header: /^ID\s+NAME\s+TYPE\s+WEBSITE$/,
    tsv: '101\tAcme Wallet\tORGANIZATION\thttps://wallet.example\n102\tDana\tINDIVIDUAL\t\n',
    hostile: {brands: [{id: 1, name: HOSTILE}]},
  });
});
