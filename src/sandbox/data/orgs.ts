import * as z from 'zod';
import type {orgAssetsQuerySchema} from '../../api/wire/endpoints/platform.js';
import type {Access} from '../keys.js';
import type {Org} from '../model.js';
import type {Store} from '../store.js';

/*
 * The sandbox's organizations as the user and organization reads show them
 * (docs/sandbox.md#platform-reads): each seeded org's subscription and services (takedowns
 * on exactly when the org has a takedown service, automated unless automation is off, as
 * takedowns.automation-off reads it), its own assets (its allowlist) in groups, and its
 * brands. Fixed per org, so the demo reads the same on every start.
 */

const SUBSCRIPTIONS = ['ACTIVE', 'POC', 'ACTIVE', 'PROSPECT', 'INTEGRATION'] as const;
const active = z.object({active: z.boolean()});
export const orgOutSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  subscriptionStatus: z.string(),
  services: z.object({reporting: active, reviewing: active, protection: active, takedowns: active.extend({automated: z.boolean()}), detection: active, darkWebMonitoring: active}),
  obligatoryAdminApproval: z.boolean(),
});
export const userOrgsOutSchema = z.object({organizations: z.array(orgOutSchema)});

/** One org as POST /user/orgs lists it and GET /user/orgs/{slug} answers it. */
export function orgOut(store: Store, org: Org): z.infer<typeof orgOutSchema> {
  const health = store.healthOf(org.slug);
  const index = store.orgs.indexOf(org);
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    subscriptionStatus: SUBSCRIPTIONS[index % SUBSCRIPTIONS.length]!,
    services: {
      reporting: {active: true},
      reviewing: {active: true},
      protection: {active: index % 2 === 0},
      takedowns: {active: health.takedownService !== null, automated: health.takedownService !== null && health.takedownService.automationOffSince === null},
      detection: {active: health.detectionConfigs.length > 0},
      darkWebMonitoring: {active: false},
    },
    obligatoryAdminApproval: index % 3 === 0,
  };
}

/** The orgs a key reaches: every one for the all-orgs key, its own for a scoped key. */
export function reachableOrgs(store: Store, access: Access): Org[] {
  return access.kind === 'all' ? store.orgs : store.orgs.filter(org => org.slug === access.slug);
}

export const userMeOutSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  kind: z.enum(['staff', 'machine']),
  organization: z.object({slug: z.string(), name: z.string()}).nullable(),
});

/** POST /user/me: the all-orgs key is a staff user, a scoped key its org's machine user. */
export function userMe(store: Store, access: Access): z.infer<typeof userMeOutSchema> {
  if (access.kind === 'all') return {id: 1, fullName: 'Sandbox Staff', email: 'staff@sandbox.example', kind: 'staff', organization: null};
  const org = store.findOrg(access.slug)!;
  return {id: 1000 + org.id, fullName: `${org.name} API`, email: `api@${org.slug}.example`, kind: 'machine', organization: {slug: org.slug, name: org.name}};
}

/** Where the allowlist's dates fall: fixed, so answers do not move between starts. */
const ALLOWLIST_EPOCH = Date.parse('2026-01-05T09:00:00.000Z');
const DAY = 86_400_000;

export const orgAssetOutSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  type: z.string(),
  status: z.literal('ALLOWED'),
  name: z.string(),
  description: z.string().nullable(),
  group: z.object({id: z.number().int(), name: z.string()}).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrgAsset = z.infer<typeof orgAssetOutSchema>;

/** The org's groups: two that hold assets and one empty (the docs say empty groups are listed). */
export function orgGroups(org: Org): Array<{id: number; name: string}> {
  return [{id: org.id * 10 + 1, name: 'Official domains'}, {id: org.id * 10 + 2, name: 'Social accounts'}, {id: org.id * 10 + 3, name: 'Retired'}];
}

/** The org's own assets: its domains, one account per brand and platform, one in no group. */
export function orgAssets(store: Store, org: Org): OrgAsset[] {
  const [domains, social] = orgGroups(org);
  const brands = store.brands.filter(brand => brand.orgSlug === org.slug);
  const items: Array<Omit<OrgAsset, 'id' | 'status' | 'createdAt' | 'updatedAt'>> = [
    {content: `${org.slug}.example`, type: 'URL', name: `${org.name} website`, description: 'The main site', group: domains!},
    {content: `app.${org.slug}.example`, type: 'URL', name: `${org.name} app`, description: null, group: domains!},
    ...brands.flatMap(brand => [
      {content: `https://x.com/${brand.slug.replace(/-/g, '_')}`, type: 'TWITTER', name: `${brand.name} on X`, description: null, group: social!},
      {content: `https://t.me/${brand.slug.replace(/-/g, '_')}`, type: 'TELEGRAM', name: `${brand.name} on Telegram`, description: 'Announcements channel', group: social!},
    ]),
    {content: `docs.${org.slug}.example`, type: 'URL', name: `${org.name} docs`, description: null, group: null},
  ];
  return items.map((item, index) => ({
    id: org.id * 1000 + index + 1,
    status: 'ALLOWED',
    createdAt: new Date(ALLOWLIST_EPOCH + index * DAY).toISOString(),
    updatedAt: new Date(ALLOWLIST_EPOCH + (index + 2) * DAY).toISOString(),
    ...item,
  }));
}

type OrgAssetsQuery = z.output<ReturnType<typeof orgAssetsQuerySchema>>;
export const orgAssetsOutSchema = z.object({assets: z.array(orgAssetOutSchema), next_page: z.string().nullable()});
export const ORG_ASSETS_PAGE_DEFAULT = 100;

/** GET /organization/assets: the filters with AND, then a page at an offset cursor. */
export function listOrgAssets(store: Store, org: Org, query: OrgAssetsQuery): z.infer<typeof orgAssetsOutSchema> {
  const text = query.query?.toLowerCase();
  const matching = orgAssets(store, org)
    .filter(asset => query.type === undefined || asset.type === query.type)
    .filter(asset => query.groupId === undefined || (query.groupId === -1 ? asset.group === null : asset.group?.id === query.groupId))
    .filter(asset => text === undefined || [asset.content, asset.name, asset.description ?? ''].some(field => field.toLowerCase().includes(text)));
  const offset = query.next_page === undefined ? 0 : Number(query.next_page);
  const end = offset + (query.per_page ?? ORG_ASSETS_PAGE_DEFAULT);
  return {assets: matching.slice(offset, end), next_page: end < matching.length ? String(end) : null};
}

export const assetGroupsOutSchema = z.object({groups: z.array(z.object({id: z.number().int(), name: z.string(), assetCount: z.number().int().min(0)}))});

/** GET /organization/asset-groups: every group with how many of the org's assets it holds. */
export function listAssetGroups(store: Store, org: Org): z.infer<typeof assetGroupsOutSchema> {
  const assets = orgAssets(store, org);
  return {groups: orgGroups(org).map(group => ({...group, assetCount: assets.filter(asset => asset.group?.id === group.id).length}))};
}

export const brandsOutSchema = z.object({
  brands: z.array(z.object({id: z.number().int(), name: z.string(), slug: z.string(), type: z.enum(['ORGANIZATION', 'INDIVIDUAL']), websiteUrl: z.string(), tickers: z.array(z.string())})),
});

/** GET /organization/brands: the org's seeded brands, all of type ORGANIZATION. */
export function listBrands(store: Store, org: Org): z.infer<typeof brandsOutSchema> {
  const brands = store.brands.filter(brand => brand.orgSlug === org.slug);
  return {brands: brands.map(brand => ({id: Number(brand.id), name: brand.name, slug: brand.slug, type: 'ORGANIZATION' as const, websiteUrl: `https://${brand.slug}.example`, tickers: []}))};
}
