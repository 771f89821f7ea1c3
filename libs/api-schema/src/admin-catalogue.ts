/**
 * The console's catalogue: the machines on offer (create, edit while none is sold, close), the exchange
 * rates cash recharges convert at (finance sets them; a rate older than the configured age stops cash
 * recharges in its currency), coupons within a budget, recharge channels, app releases and the
 * customer-service and join-group links, the reward rates and amounts. Each call reaches the same service as
 * the matching command.
 */
import { REWARD_SETTING_NAMES, type RewardSettingName } from '@rigshare/domain';
import { AmountText, errors, Id, Micro, Nullable, Ok, Page, PagingQuery, Text, Time, Type, type Static } from './common';
import { action, GUARD, list, Reason, tags, type AdminRouteSpec } from './admin-common';

const TermsFields = {
  name: Text(200, { minLength: 1 }),
  category: Text(100, { minLength: 1 }),
  imageUrl: Text(500, { minLength: 1, description: 'A /api/user/static/ file or an https:// address.' }),
  status: Type.Union([Type.Literal(1), Type.Literal(5), Type.Literal(6)], { description: 'The badge: 1 on sale, 5 pre-sale, 6 rush purchase.' }),
  startTime: Time('When the sale starts.'),
  endTime: Time('When the sale ends.'),
  maxBuy: Type.Integer({ minimum: -1, maximum: 10_000_000, description: 'Units one member may hold; -1 for no limit.' }),
  validDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  unitsOffered: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  sort: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'Lower comes first.' }),
};

export const ProductDraft = Type.Object({ ...TermsFields, price: AmountText(), dayReturn: AmountText() });
export type ProductDraft = Static<typeof ProductDraft>;

export const AdminProduct = Type.Object({
  id: Type.Integer(),
  ...TermsFields,
  status: Type.Integer(),
  price: Micro(),
  dayReturn: Micro(),
  unitsSold: Type.Integer({ minimum: 0 }),
  locked: Type.Boolean({ description: 'A unit is sold: the terms no longer change; the product can only be closed.' }),
  closedAt: Nullable(Time()),
  createdAt: Time(),
});
export type AdminProduct = Static<typeof AdminProduct>;

export const AdminRate = Type.Object({
  currency: Type.String(),
  rate: Type.String({ description: 'Units of the currency per 1 USD (USDT counts as one), decimal text.' }),
  source: Type.String({ description: 'Who set it.' }),
  updatedAt: Time(),
  stale: Type.Boolean({ description: 'Older than the configured age: cash recharges in this currency are refused until it is set again.' }),
});
export type AdminRate = Static<typeof AdminRate>;

export const RateDraft = Type.Object({
  currency: Text(3, { pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, upper case.' }),
  rate: Text(20, { pattern: '^[0-9]{1,9}(\\.[0-9]{1,6})?$', description: 'Units of the currency per 1 USD: at most six decimals.' }),
});
export type RateDraft = Static<typeof RateDraft>;

export const AdminCoupon = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  amount: Micro('Off the price.'),
  minSpend: Micro('What the order must reach.'),
  productId: Nullable(Type.Integer({ description: 'Null: any product.' })),
  startTime: Time(),
  endTime: Time(),
  budget: Nullable(Micro('The most the discounts may add up to; null for no limit.')),
  claimed: Type.Integer({ minimum: 0, description: 'Members who took it.' }),
  used: Type.Integer({ minimum: 0, description: 'Members who used it at checkout.' }),
  active: Type.Boolean({ description: 'False once withdrawn.' }),
  createdAt: Time(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;

export const CouponDraft = Type.Object({
  name: Text(100, { minLength: 1 }),
  amount: AmountText(),
  minSpend: AmountText(),
  productId: Nullable(Id()),
  startTime: Time(),
  endTime: Time(),
  budget: Text(15, { description: 'Decimal USDT the discounts may add up to; empty for no limit.' }),
});
export type CouponDraft = Static<typeof CouponDraft>;

export const AdminPayChannel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  currency: Type.String(),
  kind: Type.String({ description: 'bank or cash.' }),
  minAmount: Micro('In the channel currency.'),
  instructions: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
});
export type AdminPayChannel = Static<typeof AdminPayChannel>;

const ChannelTerms = {
  name: Text(100, { minLength: 1 }),
  minAmount: AmountText(),
  instructions: Text(1000, { minLength: 1 }),
  sort: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
};
export const PayChannelEdit = Type.Object(ChannelTerms);
export type PayChannelEdit = Static<typeof PayChannelEdit>;
export const PayChannelDraft = Type.Object({
  ...ChannelTerms,
  currency: Text(3, { pattern: '^[A-Z]{3}$' }),
  kind: Type.Union([Type.Literal('bank'), Type.Literal('cash')]),
});
export type PayChannelDraft = Static<typeof PayChannelDraft>;

export const AdminAppRelease = Type.Object({
  id: Type.Integer(),
  platform: Type.String(),
  version: Type.String(),
  code: Type.Integer(),
  downUrl: Type.String(),
  notes: Type.String(),
  compulsory: Type.Boolean(),
  createdAt: Time(),
});
export type AdminAppRelease = Static<typeof AdminAppRelease>;
export const AppReleaseDraft = Type.Object({
  platform: Type.Union([Type.Literal('ANDROID'), Type.Literal('IOS')]),
  version: Text(20, { minLength: 1, pattern: '^[0-9]{1,4}(\\.[0-9]{1,4}){0,3}$' }),
  code: Type.Integer({ minimum: 1, maximum: 2_000_000_000 }),
  downUrl: Text(500, { minLength: 1 }),
  notes: Text(2000),
  compulsory: Type.Boolean(),
});
export type AppReleaseDraft = Static<typeof AppReleaseDraft>;

export const SiteLinkKey = Type.Union([Type.Literal('serviceLink'), Type.Literal('groupLink')]);
export const AdminSiteLink = Type.Object({
  key: SiteLinkKey,
  value: Type.String(),
  updatedBy: Nullable(Type.String({ description: 'Null while the environment setting stands.' })),
  updatedAt: Nullable(Time()),
});
export type AdminSiteLink = Static<typeof AdminSiteLink>;
export const SiteLinkDraft = Type.Object({ key: SiteLinkKey, value: Text(500, { minLength: 1 }) });
export type SiteLinkDraft = Static<typeof SiteLinkDraft>;

export const UnsetSetting = Type.Object({
  key: Type.Union([Type.Literal('serviceLink'), Type.Literal('groupLink'), Type.Literal('rechargeChannels'), Type.Literal('exchangeRates')]),
  setAt: Type.String({ description: 'The console page where staff set it.' }),
  detail: Nullable(Type.String({ description: 'What is missing, when more than the key says (currencies without a usable rate).' })),
});
export type UnsetSetting = Static<typeof UnsetSetting>;

const SettingName = Type.Unsafe<RewardSettingName>(Type.Union(REWARD_SETTING_NAMES.map((name) => Type.Literal(name))));
export const AdminRewardSetting = Type.Object({
  name: SettingName,
  kind: Type.Union([Type.Literal('rate'), Type.Literal('amount')], { description: 'rate: a share in percent; amount: a fixed reward in USDT.' }),
  value: Type.String({ description: 'As staff type it: a rate in percent ("5.00"), an amount in USDT ("0.10").' }),
  updatedBy: Nullable(Type.String({ description: 'Null while the seeded value stands.' })),
  updatedAt: Nullable(Time()),
});
export type AdminRewardSetting = Static<typeof AdminRewardSetting>;
export const RewardSettingDraft = Type.Object({
  name: SettingName,
  value: Text(20, { minLength: 1, pattern: '^\\s*[0-9]{1,9}(\\.[0-9]{1,6})?\\s*$', description: 'Percent (at most two decimals, 0 to 100) or USDT.' }),
  reason: Text(500, { minLength: 1 }),
});
export type RewardSettingDraft = Static<typeof RewardSettingDraft>;

const fullList = <T extends Parameters<typeof Page>[0]>(summary: string, item: T) =>
  ({ tags, summary, querystring: PagingQuery, response: { 200: Ok(Page(item)), ...errors(...GUARD) } }) as const;
const create = <B extends ReturnType<typeof Type.Object>, R extends ReturnType<typeof Type.Object>>(summary: string, body: B, result: R) =>
  ({ tags, summary, body, response: { 200: Ok(result), ...errors(...GUARD, 404, 409) } }) as const;

export const catalogueAdminSchemas = {
  products: list('Every product, open and closed, in the order members see them', AdminProduct),
  productCreate: { tags, summary: 'Puts a new product on offer', body: ProductDraft, response: { 200: Ok(AdminProduct), ...errors(...GUARD, 409) } },
  productEdit: action('Changes the terms of a product nobody holds yet (409 once a unit is sold)', ProductDraft, AdminProduct),
  productClose: action('Closes a product: its sale ends now and members no longer see it; orders already made run on', Reason, AdminProduct),
  rates: { tags, summary: 'The exchange rates cash recharges convert at, with who set each and when', querystring: PagingQuery, response: { 200: Ok(Page(AdminRate)), ...errors(...GUARD) } },
  rateSet: { tags, summary: 'Sets the rate of a cash currency (a new currency is added)', body: RateDraft, response: { 200: Ok(AdminRate), ...errors(...GUARD, 409) } },
  coupons: list('Every coupon, newest first, with how many members took and used it', AdminCoupon),
  couponCreate: create('Offers a coupon: an amount off above a minimum spend, within a validity and an optional budget', CouponDraft, AdminCoupon),
  couponClose: action('Withdraws a coupon: no one can take or use it any more', Reason, AdminCoupon),
  payChannels: fullList('Every bank and cash recharge channel, enabled or not', AdminPayChannel),
  payChannelCreate: create('Adds a recharge channel in a currency that has a rate', PayChannelDraft, AdminPayChannel),
  payChannelEdit: action("Changes a channel's name, minimum, instructions or place", PayChannelEdit, AdminPayChannel),
  payChannelEnable: action('Enables a channel: members see it again', Type.Object({}), AdminPayChannel),
  payChannelDisable: action("Disables a channel: it leaves the members' list and its recharges are refused", Type.Object({}), AdminPayChannel),
  appReleases: fullList('Releases of the installable app, newest first', AdminAppRelease),
  appReleasePublish: create('Publishes a release (its code above every earlier one of the platform)', AppReleaseDraft, AdminAppRelease),
  links: fullList('The customer-service and join-group links, with who set them', AdminSiteLink),
  linkSet: create('Sets the customer-service or the join-group link', SiteLinkDraft, AdminSiteLink),
  rewardSettings: fullList('The reward rates per level and the fixed rewards, with who changed each last', AdminRewardSetting),
  rewardSet: create('Changes one reward rate or amount, with a reason; later grants use it', RewardSettingDraft, AdminRewardSetting),
  unsetSettings: {
    tags,
    summary: 'The settings members depend on that are still empty (a channel members meet as "not set up yet"), with where staff set each',
    response: { 200: Ok(Type.Array(UnsetSetting)), ...errors(...GUARD) },
  },
} as const;

/** Products, coupons, channels, releases, links and reward settings are the admin's (configuration); rates are finance's. */
export const CATALOGUE_ADMIN_ROUTES = {
  products: { method: 'GET', url: '/admin/products', roles: [] },
  productCreate: { method: 'POST', url: '/admin/products', roles: [] },
  productEdit: { method: 'POST', url: '/admin/products/:id', roles: [] },
  productClose: { method: 'POST', url: '/admin/products/:id/close', roles: [] },
  rates: { method: 'GET', url: '/admin/rates', roles: ['finance'] },
  rateSet: { method: 'POST', url: '/admin/rates', roles: ['finance'] },
  coupons: { method: 'GET', url: '/admin/coupons', roles: [] },
  couponCreate: { method: 'POST', url: '/admin/coupons', roles: [] },
  couponClose: { method: 'POST', url: '/admin/coupons/:id/close', roles: [] },
  payChannels: { method: 'GET', url: '/admin/pay-channels', roles: [] },
  payChannelCreate: { method: 'POST', url: '/admin/pay-channels', roles: [] },
  payChannelEdit: { method: 'POST', url: '/admin/pay-channels/:id', roles: [] },
  payChannelEnable: { method: 'POST', url: '/admin/pay-channels/:id/enable', roles: [] },
  payChannelDisable: { method: 'POST', url: '/admin/pay-channels/:id/disable', roles: [] },
  appReleases: { method: 'GET', url: '/admin/app-releases', roles: [] },
  appReleasePublish: { method: 'POST', url: '/admin/app-releases', roles: [] },
  links: { method: 'GET', url: '/admin/links', roles: [] },
  linkSet: { method: 'POST', url: '/admin/links', roles: [] },
  rewardSettings: { method: 'GET', url: '/admin/reward-settings', roles: [] },
  rewardSet: { method: 'POST', url: '/admin/reward-settings', roles: [] },
  // Every role's dashboard shows it: whoever sees it can tell the one who sets it.
  unsetSettings: { method: 'GET', url: '/admin/settings/unset', roles: ['support', 'finance', 'content'] },
} as const satisfies Record<keyof typeof catalogueAdminSchemas, AdminRouteSpec>;
