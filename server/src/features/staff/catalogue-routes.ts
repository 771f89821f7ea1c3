import { adminSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../db/paging';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { setRewardSetting, staffRewardSettings } from '../../settings/reward-settings';
import { unsetMemberSettings } from './member-settings';
import { setSiteLink, siteLinks, type SiteLinkKey } from '../../settings/site-links';
import { closeCoupon, createCoupon, staffCoupons } from '../coupons';
import { exchangeRates, setExchangeRate } from '../income';
import { closeProduct, createProduct, editProduct, staffProducts } from '../products';
import { appReleases, publishAppRelease } from '../system';
import { createPayChannel, editPayChannel, setPayChannelEnabled, staffPayChannels } from '../wallet';
import { routeOf } from './guard';
import { actedNow, refusing } from './route-kit';

/**
 * /admin/products, /admin/rates, /admin/coupons, /admin/pay-channels, /admin/app-releases, /admin/links,
 * /admin/reward-settings: what members are offered, how they pay and what they earn. The services check the
 * input and write the audit rows; the same ones back the catalogue commands (product:*, rate:*, coupon:*,
 * channel:*, app:release, link:set) and rewards:set.
 */
export function catalogueRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  /** A product change, refused in the staff member's words; the catalogue this instance kept goes at once. */
  const catalogueChange = <T>(change: () => Promise<T>) => refusing(change).finally(() => deps.catalogueCache.drop({}));

  app.get(routeOf('products').url, { config: routeOf('products').config, schema: schemas.products }, async (request) => {
    return ok(request, await staffProducts(db, request.query));
  });
  app.post(routeOf('productCreate').url, { config: routeOf('productCreate').config, schema: schemas.productCreate }, async (request) =>
    ok(request, await catalogueChange(() => createProduct(db, { terms: request.body, ...actedNow(request) }))),
  );
  app.post(routeOf('productEdit').url, { config: routeOf('productEdit').config, schema: schemas.productEdit }, async (request) =>
    ok(request, await catalogueChange(() => editProduct(db, { id: request.params.id, terms: request.body, ...actedNow(request) }))),
  );
  app.post(routeOf('productClose').url, { config: routeOf('productClose').config, schema: schemas.productClose }, async (request) =>
    ok(request, await catalogueChange(() => closeProduct(db, { id: request.params.id, reason: request.body.reason, ...actedNow(request) }))),
  );

  app.get(routeOf('rates').url, { config: routeOf('rates').config, schema: schemas.rates }, async (request) => {
    // A handful of currencies: read whole.
    const rates = await exchangeRates(db, deps.clock(), deps.config.rateMaxAgeMs);
    return ok(request, pageOf(rates, request.query));
  });
  app.post(routeOf('rateSet').url, { config: routeOf('rateSet').config, schema: schemas.rateSet }, async (request) =>
    ok(request, await refusing(() => setExchangeRate(db, { ...request.body, ...actedNow(request) }))),
  );

  // Channels, releases, links and reward settings are a handful each: read whole and paged here, as the rates.

  app.get(routeOf('coupons').url, { config: routeOf('coupons').config, schema: schemas.coupons }, async (request) => ok(request, await staffCoupons(db, request.query)));
  app.post(routeOf('couponCreate').url, { config: routeOf('couponCreate').config, schema: schemas.couponCreate }, async (request) =>
    ok(request, await refusing(() => createCoupon(deps.db, { terms: request.body, ...actedNow(request) }))),
  );
  app.post(routeOf('couponClose').url, { config: routeOf('couponClose').config, schema: schemas.couponClose }, async (request) =>
    ok(request, await refusing(() => closeCoupon(deps.db, { id: request.params.id, reason: request.body.reason, ...actedNow(request) }))),
  );

  app.get(routeOf('payChannels').url, { config: routeOf('payChannels').config, schema: schemas.payChannels }, async (request) =>
    ok(request, pageOf(await staffPayChannels(db), request.query)),
  );
  app.post(routeOf('payChannelCreate').url, { config: routeOf('payChannelCreate').config, schema: schemas.payChannelCreate }, async (request) => {
    const { currency, kind, ...terms } = request.body;
    return ok(request, await refusing(() => createPayChannel(db, { terms, currency, kind, ...actedNow(request) })));
  });
  app.post(routeOf('payChannelEdit').url, { config: routeOf('payChannelEdit').config, schema: schemas.payChannelEdit }, async (request) =>
    ok(request, await refusing(() => editPayChannel(db, { id: request.params.id, terms: request.body, ...actedNow(request) }))),
  );
  app.post(routeOf('payChannelEnable').url, { config: routeOf('payChannelEnable').config, schema: schemas.payChannelEnable }, async (request) =>
    ok(request, await refusing(() => setPayChannelEnabled(db, { id: request.params.id, enabled: true, ...actedNow(request) }))),
  );
  app.post(routeOf('payChannelDisable').url, { config: routeOf('payChannelDisable').config, schema: schemas.payChannelDisable }, async (request) =>
    ok(request, await refusing(() => setPayChannelEnabled(db, { id: request.params.id, enabled: false, ...actedNow(request) }))),
  );

  app.get(routeOf('appReleases').url, { config: routeOf('appReleases').config, schema: schemas.appReleases }, async (request) =>
    ok(request, pageOf(await appReleases(db), request.query)),
  );
  app.post(routeOf('appReleasePublish').url, { config: routeOf('appReleasePublish').config, schema: schemas.appReleasePublish }, async (request) =>
    ok(request, await refusing(() => publishAppRelease(db, { draft: request.body, ...actedNow(request) }))),
  );

  app.get(routeOf('unsetSettings').url, { config: routeOf('unsetSettings').config, schema: schemas.unsetSettings }, async (request) =>
    ok(request, await unsetMemberSettings(db, deps.config, deps.clock())),
  );

  const fallbacks = (): Record<SiteLinkKey, string> => ({ serviceLink: deps.config.serviceLink, groupLink: deps.config.team.groupUrl });
  app.get(routeOf('links').url, { config: routeOf('links').config, schema: schemas.links }, async (request) => ok(request, pageOf(await siteLinks(db, fallbacks()), request.query)));
  app.post(routeOf('linkSet').url, { config: routeOf('linkSet').config, schema: schemas.linkSet }, async (request) => {
    const { key, value } = request.body;
    return ok(request, await refusing(() => setSiteLink(db, { key, value, fallback: fallbacks()[key], ...actedNow(request) })));
  });

  app.get(routeOf('rewardSettings').url, { config: routeOf('rewardSettings').config, schema: schemas.rewardSettings }, async (request) =>
    ok(request, pageOf(await staffRewardSettings(db), request.query)),
  );
  app.post(routeOf('rewardSet').url, { config: routeOf('rewardSet').config, schema: schemas.rewardSet }, async (request) => {
    const changed = await refusing(() => setRewardSetting(db, { ...request.body, ...actedNow(request) }));
    return ok(request, changed.setting);
  });
}
