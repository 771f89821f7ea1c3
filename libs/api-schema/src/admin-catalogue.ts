/**
 * The console's catalogue: the machines on offer (create, edit while none is sold, close) and the exchange
 * rates cash recharges convert at (finance sets them; a rate older than the configured age stops cash
 * recharges in its currency). Each call reaches the same service the command line's product:* and rate:set use.
 */
import { AmountText, errors, Micro, Nullable, Ok, Page, PagingQuery, Text, Time, Type, type Static } from './common';
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

export const catalogueAdminSchemas = {
  products: list('Every product, open and closed, in the order members see them', AdminProduct),
  productCreate: { tags, summary: 'Puts a new product on offer', body: ProductDraft, response: { 200: Ok(AdminProduct), ...errors(...GUARD, 409) } },
  productEdit: action('Changes the terms of a product nobody holds yet (409 once a unit is sold)', ProductDraft, AdminProduct),
  productClose: action('Closes a product: its sale ends now and members no longer see it; orders already made run on', Reason, AdminProduct),
  rates: { tags, summary: 'The exchange rates cash recharges convert at, with who set each and when', querystring: PagingQuery, response: { 200: Ok(Page(AdminRate)), ...errors(...GUARD) } },
  rateSet: { tags, summary: 'Sets the rate of a cash currency (a new currency is added)', body: RateDraft, response: { 200: Ok(AdminRate), ...errors(...GUARD, 409) } },
} as const;

/** Products are the admin's (configuration); rates are finance's. */
export const CATALOGUE_ADMIN_ROUTES = {
  products: { method: 'GET', url: '/admin/products', roles: [] },
  productCreate: { method: 'POST', url: '/admin/products', roles: [] },
  productEdit: { method: 'POST', url: '/admin/products/:id', roles: [] },
  productClose: { method: 'POST', url: '/admin/products/:id/close', roles: [] },
  rates: { method: 'GET', url: '/admin/rates', roles: ['finance'] },
  rateSet: { method: 'POST', url: '/admin/rates', roles: ['finance'] },
} as const satisfies Record<keyof typeof catalogueAdminSchemas, AdminRouteSpec>;
