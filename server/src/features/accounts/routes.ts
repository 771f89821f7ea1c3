import type { FastifyInstance } from 'fastify';
import { field, ok } from '../../plugins/envelope';
import { sha256 } from '../../security/random';
import { createCaptcha } from './captcha';
import * as accounts from './service';

/** Markets we serve, for the phone prefix picker. */
const COUNTRIES = [
  { code: '+91', name: 'India' },
  { code: '+234', name: 'Nigeria' },
  { code: '+90', name: 'Turkey' },
  { code: '+34', name: 'Spain' },
  { code: '+39', name: 'Italy' },
  { code: '+33', name: 'France' },
  { code: '+49', name: 'Germany' },
  { code: '+1', name: 'United States' },
  { code: '+44', name: 'United Kingdom' },
];

/** Login, registration, codes, passwords and the member's own profile (host /api/user). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.post('/auth/token/pass', async (request) => {
    const { token, data } = await accounts.login(deps, field(request.body, 'phone'), field(request.body, 'password'), request.ip);
    return ok(request, data, token);
  });

  app.get('/auth/captcha', async (request) => ok(request, await createCaptcha(deps.db.kysely, deps.clock())));

  for (const [path, purpose] of [
    ['/auth/code/reg', 'register'],
    ['/auth/code/resetpass', 'reset'],
  ] as const) {
    app.post(path, async (request) => {
      await app.limits.codePerIp(request);
      await accounts.sendCode(deps, {
        phone: field(request.body, 'phone'),
        captchaId: field(request.body, 'captchaId'),
        captchaCode: field(request.body, 'captchaCode'),
        purpose,
        locale: request.locale,
      });
      return ok(request, null);
    });
  }

  app.post('/auth/register', async (request) => {
    const b = request.body;
    await accounts.register(deps, {
      phone: field(b, 'phone'),
      password: field(b, 'password'),
      confirmPassword: field(b, 'confirmPassword'),
      inviteCode: field(b, 'inviteCode'),
      smsCode: field(b, 'smsCode'),
    });
    return ok(request, null);
  });

  app.post('/auth/reset-password', async (request) => {
    const b = request.body;
    await accounts.resetPassword(deps, {
      phone: field(b, 'phone'),
      smsCode: field(b, 'smsCode'),
      password: field(b, 'password'),
      confirmPassword: field(b, 'confirmPassword'),
    });
    return ok(request, null);
  });

  app.post('/auth/update-password', auth, async (request) => {
    const b = request.body;
    const member = request.member!;
    await accounts.updatePassword(deps, member.id, member.tokenHash, {
      oldPassword: field(b, 'oldPassword'),
      password: field(b, 'password'),
      confirmPassword: field(b, 'confirmPassword'),
    });
    return ok(request, null);
  });

  app.post('/auth/logout', auth, async (request) => {
    const bodyToken = field(request.body, 'token');
    const hashes = [request.member!.tokenHash, ...(bodyToken ? [sha256(bodyToken)] : [])];
    await accounts.logout(deps, request.member!.id, hashes);
    return ok(request, null);
  });

  app.get('/auth/countrys', async (request) => ok(request, COUNTRIES));

  app.post('/user/isValidAccount', async (request) => {
    await app.limits.accountCheck(request);
    return ok(request, { registered: await accounts.isRegistered(deps, field(request.body, 'phone')) });
  });

  app.get('/user/info', auth, async (request) => ok(request, await accounts.userInfo(deps, request.member!.id)));

  app.post('/user/modify-name', auth, async (request) => {
    await accounts.rename(deps, request.member!.id, field(request.body, 'name'));
    return ok(request, null);
  });

  app.post('/share/info', auth, async (request) => ok(request, await accounts.shareInfo(deps, request.member!.id)));
}
