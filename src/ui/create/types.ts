import type {AssetStatus} from '../../api/enums.js';
import type {CreateReportResponse} from '../../api/wire/index.js';
import type {CreatePlan} from '../../cmd/reports/create/body.js';
import type {CreateNeeds} from '../../cmd/reports/shared/create-needs.js';
import type {AssetAnswer} from '../../cmd/reports/shared/answers.js';
import type {AssetRejection} from '../../errors.js';
import type {EditKey, Line} from '../hooks/line-edit.js';

/* The guided create's state and actions (the reducer is in create-state.ts). */

export type {CreateNeeds};

export interface AssetAnswerInput {
  content: string;
  status?: AssetStatus;
}

export interface Answers {
  title?: string;
  description?: string;
  assets: AssetAnswerInput[];
  contactInfo?: string;
  /** Assets the user chose to drop as already reported (flag-given ones too). */
  dropped?: string[];
}

export type Step =
  | 'title'
  | 'description'
  | 'assetContent'
  | 'assetStatus'
  | 'contactInfo'
  | 'checking'
  | 'dropDuplicates'
  | 'review'
  | 'submitting'
  | 'done'
  | 'failed'
  | 'cancelled';

export type DuplicateCheck = {answers: AssetAnswer[]; perAsset: boolean} | {error: string};

export interface CreateState {
  needs: CreateNeeds;
  step: Step;
  answers: Answers;
  /** The asset content typed, waiting for its status. */
  pendingContent: string | null;
  /** The answer being typed. */
  line: Line;
  /** The highlighted status choice (step 'assetStatus'). */
  choice: number;
  /** Why the last answer was refused; the prompt stays open. */
  inputError: string | null;
  plan: CreatePlan | null;
  duplicates: DuplicateCheck | null;
  result: CreateReportResponse | null;
  failure: {text: string; exitCode: number} | null;
  /** What Enter answers at the review: yes only when no asset is known to be reported. */
  submitDefault: boolean;
  /** After a 422: the index of the typed asset being revised, else null (adding). */
  revising: number | null;
  /** The last 422's per-asset rejections, marked on the form. */
  rejections: AssetRejection[];
  /** The last 422's message, shown above the form while it is revised. */
  notice: string | null;
  /** The description is open in $EDITOR (keys wait). */
  editing: boolean;
}

export type CreateAction =
  | {type: 'key'; input: string; key: EditKey}
  | {type: 'answer'; value: string}
  | {type: 'chooseStatus'; status: AssetStatus | undefined}
  | {type: 'checked'; plan: CreatePlan; duplicates: DuplicateCheck}
  | {type: 'confirm'}
  | {type: 'cancel'}
  | {type: 'drop'; drop: boolean}
  | {type: 'submitted'; result: CreateReportResponse}
  | {type: 'rejected'; text: string; rejections: AssetRejection[]}
  | {type: 'openEditor'}
  | {type: 'edited'; text: string} | {type: 'edited'; error: string}
  | {type: 'failed'; text: string; exitCode: number};

