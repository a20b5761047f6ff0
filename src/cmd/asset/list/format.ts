import type {ListedAsset} from '../../../api/wire/index.js';
import {revealInvisible, type Column} from '../../../output/index.js';

/** The columns of `asset list` (the upstream's items carry no id: the content is the asset). */
export const LISTED_ASSET_COLUMNS: ReadonlyArray<Column<ListedAsset>> = [
  {header: 'CONTENT', value: a => revealInvisible(a.content), minWidth: 20, maxWidth: 80},
  {header: 'TYPE', value: a => a.type, whole: true, omitIfUniform: true, dropOrder: 1},
  {header: 'STATUS', value: a => a.status, whole: true, omitIfUniform: true, style: a => (a.status === 'BLOCKED' ? 'red' : undefined)},
  {header: 'WATCH', value: a => a.watchStatus, whole: true, dropOrder: 2},
  {header: 'UPDATED', value: a => a.updatedAt, whole: true},
];
