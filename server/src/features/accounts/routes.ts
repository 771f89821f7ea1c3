import { accountSchemas as schemas } from '@rigshare/api-schema';
import { PHONE_COUNTRIES, type LocaleTag } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { sha256 } from '../../security/random';
import { createCaptcha } from './captcha';
import { bindEmail, memberEmail, sendEmailCode } from './email';
import { alertSecurityChange } from './security-alerts';
import * as accounts from './service';

type CountryRow = { code: string; region: string; name: string };
const countryLists = new Map<string, CountryRow[]>();

/**
 * The markets for the phone prefix picker, the deployment's default country first, with their names in
 * the reader's language (the CLDR names Node's ICU carries).
 */
function countriesIn(locale: LocaleTag, defaultRegion: string): CountryRow[] {
  const cacheKey = `${locale}:${defaultRegion}`;
  let list = countryLists.get(cacheKey);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const ordered = [...PHONE_COUNTRIES].sort((a, b) => Number(b.region === defaultRegion) - Number(a.region === defaultRegion));
    list = ordered.map((c) => ({ code: c.dialCode, region: c.region, name: names.of(c.region) ?? c.region }));
    countryLists.set(cacheKey, list);
  }
  return list;
}

/** Login, registration, codes, passwords and the member's own profile (host /api/user). */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.post('/auth/token/pass', { schema: schemas.login }, async (request) => {
    const { token, data } = await accounts.login(deps, { phone: request.body.phone, country: request.body.country }, request.body.password, request.ip);
    return ok(request, data, token);
  });

  app.get('/auth/captcha', { schema: schemas.captcha }, async (request) => ok(request, await createCaptcha(deps.db.kysely, deps.clock())));

  for (const [path, purpose] of [
    ['/auth/code/reg', 'register'],
    ['/auth/code/resetpass', 'reset'],
  ] as const) {
    app.post(path, { schema: schemas.sendCode }, async (request) => {
      await app.limits.codePerIp(request);
      await accounts.sendCode(deps, {
        phone: request.body.phone,
        country: request.body.country,
        captchaId: request.body.captchaId,
        captchaCode: request.body.captchaCode,
        purpose,
        locale: request.locale,
      });
      return ok(request, null);
    });
  }

  app.post('/auth/register', { schema: schemas.register }, async (request) => {
    const b = request.body;
    await accounts.register(deps, {
      phone: b.phone,
      country: b.country,
      password: b.password,
      confirmPassword: b.confirmPassword,
      inviteCode: b.inviteCode,
      smsCode: b.smsCode,
    });
    return ok(request, null);
  });

  app.post('/auth/reset-password', { schema: schemas.resetPassword }, async (request) => {
    const b = request.body;
    const memberId = await accounts.resetPassword(deps, {
      phone: b.phone,
      country: b.country,
      smsCode: b.smsCode,
      password: b.password,
      confirmPassword: b.confirmPassword,
    });
    await alertSecurityChange(deps, memberId, 'loginPassword', request.locale);
    return ok(request, null);
  });

  app.post('/auth/update-password', { ...auth, schema: schemas.updatePassword }, async (request) => {
    const b = request.body;
    const member = request.member!;
    await accounts.updatePassword(deps, member.id, member.tokenHash, {
      oldPassword: b.oldPassword,
      password: b.password,
      confirmPassword: b.confirmPassword,
    });
    await alertSecurityChange(deps, member.id, 'loginPassword', request.locale);
    return ok(request, null);
  });

  app.post('/auth/logout', { ...auth, schema: schemas.logout }, async (request) => {
    const bodyToken = request.body.token;
    const hashes = [request.member!.tokenHash, ...(bodyToken ? [sha256(bodyToken)] : [])];
    await accounts.logout(deps, request.member!.id, hashes);
    return ok(request, null);
  });

  app.get('/auth/countrys', { schema: schemas.countries }, async (request) => ok(request, countriesIn(request.locale, deps.config.phoneDefaultRegion)));

  app.post('/user/isValidAccount', { schema: schemas.isValidAccount }, async (request) => {
    await app.limits.accountCheck(request);
    return ok(request, { registered: await accounts.isRegistered(deps, request.body) });
  });

  app.get('/user/info', { ...auth, schema: schemas.userInfo }, async (request) => ok(request, await accounts.userInfo(deps, request.member!.id)));

  app.post('/user/modify-name', { ...auth, schema: schemas.rename }, async (request) => {
    await accounts.rename(deps, request.member!.id, request.body.name);
    return ok(request, null);
  });

  app.get('/user/email', { ...auth, schema: schemas.email }, async (request) => ok(request, { email: await memberEmail(deps.db.kysely, request.member!.id) }));

  app.post('/user/email/code', { ...auth, schema: schemas.emailCode }, async (request) => {
    await app.limits.codePerIp(request);
    await sendEmailCode(deps, request.member!.id, { email: request.body.email, locale: request.locale });
    return ok(request, null);
  });

  app.post('/user/email/bind', { ...auth, schema: schemas.bindEmail }, async (request) =>
    ok(request, { email: await bindEmail(deps, request.member!.id, { email: request.body.email, code: request.body.code }) }),
  );

  app.post('/share/info', { ...auth, schema: schemas.shareInfo }, async (request) => ok(request, await accounts.shareInfo(deps, request.member!.id)));
}
