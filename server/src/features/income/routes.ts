import { walletSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { exchangeRate } from './rates';
import { memberRecords } from './records';
import { incomeSummary } from './summary';
import { takeout } from './takeout';

/** Income, records and exchange rates (host /api/receive). */
export async function incomeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/income/summary', { ...auth, schema: schemas.incomeSummary }, async (request) => ok(request, await incomeSummary(db, request.member!.id, request.locale)));

  app.post('/income/takeout', { ...auth, schema: schemas.takeout }, async (request) => {
    const requestId = request.body.requestId;
    const record = await takeout(deps.db, request.member!.id, requestId, deps.clock(), request.locale);
    return ok(request, record, translate(request.locale, 'incomeReceived'));
  });

  app.get('/income/records', { ...auth, schema: schemas.incomeRecords }, async (request) =>
    ok(request, await memberRecords(db, request.member!.id, request.query, request.locale)),
  );

  app.get('/exchangeRate/get', { ...auth, schema: schemas.exchangeRate }, async (request) => {
    const currency = (request.query.currency ?? '').trim();
    if (!/^[A-Za-z]{3}$/.test(currency)) throw new AppError(400, 'badRequest');
    return ok(request, await exchangeRate(db, currency, deps.clock(), deps.config.rateMaxAgeMs));
  });
}
