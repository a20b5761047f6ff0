import type {ActorKind, AssetStatus, ReportStatus, ReviewDecision} from '../api/enums.js';

/*
 * The sandbox's in-memory records. Reports carry, besides the fields docs/contract.md#listing-reports shows on
 * the wire, the attributes the list filters act on (reporter kind, brand, country...):
 * the upstream keeps those server-side, so the sandbox never sends them.
 */

export interface Org {
  id: number;
  slug: string;
  name: string;
  discordGuildId?: string;
  telegramGroupId?: string;
}

export interface Brand {
  id: string;
  slug: string;
  name: string;
  orgSlug: string;
}

export interface StoredAsset {
  id: number;
  type: string;
  content: string;
  status: AssetStatus;
}

/** Proposal review states; PENDING_CUSTOMER_REVIEW is the needs-customer-review queue. */
export const PROPOSAL_REVIEW_STATUSES = ['PENDING', 'PENDING_CUSTOMER_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type ProposalReviewStatus = (typeof PROPOSAL_REVIEW_STATUSES)[number];

export interface StoredProposal {
  id: number;
  reviewStatus: ProposalReviewStatus;
  asset: StoredAsset;
  /** Epoch ms it entered its review state (the old-proposals check's age); default: its report's createdAt. */
  pendingSince?: number;
}

export interface Reporter {
  id: number;
  role: string;
  fullName: string;
  avatarUrl: string | null;
}

export interface ExternalReporter {
  id: number;
  displayName: string | null;
  avatarUrl: string | null;
  platform: string;
}

export interface StoredReport {
  id: number;
  orgSlug: string;
  title: string;
  description: string;
  contactInfo: string | null;
  status: ReportStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  attachments: Array<{id: number; url: string}>;
  proposals: StoredProposal[];
  reporter: Reporter | null;
  externalReporter: ExternalReporter | null;
  externalSubmissionLink: string | null;
  latestReviewDecision: ReviewDecision | null;
  // Filter-only attributes (never serialised).
  reporterKind: ActorKind;
  reviewerKind: ActorKind | null;
  reviewedByUserId: number | null;
  reportedByCustomer: boolean;
  brandIds: string[];
  countryCode: string | null;
}

/** One row of an org's takedown event log: a takedown moved into state `to`. */
export interface TakedownTransition {
  takedownId: string;
  orgSlug: string;
  /** What was taken down (shown in findings). */
  assetContent: string;
  from: string | null;
  to: string;
  /** Epoch milliseconds. */
  at: number;
}

/** Liveness of a takedown's asset (docs/contract.md#listing-takedowns). */
export type Liveness = 'ALIVE' | 'DEAD' | 'UNKNOWN';

/**
 * What the takedown listing shows of a takedown's asset beyond its content. A takedown the
 * seed or an admin route gave none of this reads as a URL of UNKNOWN liveness.
 */
export interface TakedownAsset {
  assetType: string;
  liveness: Liveness;
  /** Epoch ms it was found dead (assets.dead-asset-spike counts these); null unless DEAD. */
  deadAt: number | null;
}

/** One review accepted by POST /organization/proposals/{id}/review: what the daily limit counts. */
export interface ReviewRecord {
  id: number;
  orgSlug: string;
  proposalId: number;
  /** Epoch milliseconds. */
  at: number;
}

/** A detection config and when it produced results (detections.silent-configs). */
export interface DetectionConfig {
  name: string;
  enabled: boolean;
  /** Epoch ms of each result. */
  resultTimes: number[];
}

/** What the healthchecks read about an org beyond its reports and takedown log. */
export interface OrgHealth {
  contactUrl: string | null;
  /** null: the org has no takedown service (takedowns.automation-off leaves it out). */
  takedownService: {automationOffSince: number | null} | null;
  detectionConfigs: DetectionConfig[];
}

export interface SeedData {
  orgs: Org[];
  brands: Brand[];
  reports: StoredReport[];
  takedowns: TakedownTransition[];
  /** Per `<org slug>/<takedown id>`: its asset's type and liveness (dead assets are takedowns' assets found DEAD). */
  takedownAssets?: Record<string, TakedownAsset>;
  /** Per org slug; an org without an entry has no contact URL, service or configs. */
  health?: Record<string, OrgHealth>;
}
