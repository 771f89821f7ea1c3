import { catalogueSchemas } from '@rigshare/api-schema';
import { LOCALES, type LocaleTag } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { typed } from '../../plugins/contract';
import { orderAgreementPdf } from './service';

/** `lang` as a tag (hi-IN) or a Language header code (hi_IN); otherwise the request's language. */
function localeParam(value: string | undefined, fallback: LocaleTag): LocaleTag {
  return LOCALES.find((l) => l.tag === value || l.header === value)?.tag ?? fallback;
}

/** The lease agreement of one of the member's orders as a PDF (host /api/orders). */
export async function agreementPdfRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;

  app.get('/order/agreement.pdf', { preHandler: app.authenticate, schema: catalogueSchemas.agreementPdf }, async (request, reply) => {
    const orderId = request.query.orderId;
    const pdf = await orderAgreementPdf(deps.db.kysely, {
      userId: request.member!.id,
      orderId,
      locale: localeParam(request.query.lang || undefined, request.locale),
      operatorName: deps.config.operatorName,
      now: deps.clock(),
    });
    // Another member's order answers exactly like a missing one.
    if (!pdf) throw new AppError(404, 'orderNotFound');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="lease-agreement-${orderId}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
