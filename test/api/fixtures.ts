/** Response bodies as docs/contract.md#listing-reports documents them, with extra fields the client must ignore. */

export const fullReport = {
  id: 101,
  title: 'Phishing kit on lookalike domain',
  description: 'Clone of the login page',
  status: 'TODO',
  createdAt: '2026-09-03T23:21:46.450Z',
  updatedAt: '2026-09-04T08:00:00.000Z',
  attachments: [{id: 7, url: 'https://files.example/shot.png'}],
  proposals: [{id: 555, reviewStatus: 'PENDING', asset: {id: 9001, type: 'URL', content: 'acme-login.example', status: 'BLOCKED'}}],
  reporter: {id: 3, role: 'MEMBER', fullName: 'Dana Ops', avatarUrl: null},
  externalReporter: null,
  externalSubmissionLink: 'https://forms.example/1',
  latestReviewDecision: 'APPROVE',
  shinyNewField: {ignored: true},
};

export const minimalReport = {id: 'rpt_01J9ZZ', title: 'Fake support handle', status: 'CLOSED', createdAt: '2026-09-01T00:00:00Z'};

export const healthcheckResult = {
  id: 'takedowns.cancelled-count',
  title: 'Cancelled takedowns',
  category: 'takedowns',
  generatedAt: '2026-11-22T03:00:00Z',
  scope: {slug: 'acme'},
  ok: false,
  severity: 'warn',
  observed: {count: 4, lookbackHours: 168},
  threshold: {warn: 3, fail: 10},
  findings: [{kind: 'takedown', ref: 'td_1', message: 'cancelled after review', severity: 'warn'}],
  suggestedAction: 'Review recent proposals',
  appUrl: null,
  extra: 'ignored',
};
