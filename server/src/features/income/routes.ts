import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { field, ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import { REQUEST_ID_PATTERN } from '../orders/service';
import { exchangeRate, incomeSummary, memberRecords, takeout, walletSummary } from './service';

/** Income, records and exchange rates (host /api/receive). */
export async function incomeRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/income/summary', auth, async (request) => ok(request, await incomeSummary(db, request.member!.id, request.locale)));

  app.post('/income/takeout', auth, async (request) => {
    const requestId = field(request.body, 'requestId');
    if (!REQUEST_ID_PATTERN.test(requestId)) throw new AppError(400, 'requestIdInvalid');
    const record = await takeout(deps.db, request.member!.id, requestId, deps.clock(), request.locale);
    return ok(request, record, translate(request.locale, 'incomeReceived'));
  });

  app.get('/income/records', auth, async (request) =>
    ok(request, await memberRecords(db, request.member!.id, paging(request.query), request.locale)),
  );

  app.get<{ Querystring: { currency?: string } }>('/exchangeRate/get', auth, async (request) => {
    const currency = (request.query.currency ?? '').trim();
    if (!/^[A-Za-z]{3}$/.test(currency)) throw new AppError(400, 'badRequest');
    return ok(request, await exchangeRate(db, currency));
  });
}

/** The member's balances (host /api/assets). */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  app.get('/wallet/summary', { preHandler: app.authenticate }, async (request) =>
    ok(request, await walletSummary(app.deps.db.kysely, request.member!.id)),
  );
}
