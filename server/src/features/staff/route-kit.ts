import type { FastifyRequest } from 'fastify';
import type { ActedBy, Acting } from '../../audit';
import { AppError } from '../../errors';
import { IdempotencyConflictError } from '../../ledger/ledger';
import { OperatorError } from '../../operator-error';

/** A service's refusal (the same text the command line prints) as the console's answer: 404 for a missing object, else 409. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'staffActionRefused', { reason: 'This request id was already used for another amount' });
    if (error instanceof OperatorError) throw new AppError(/^No /.test(error.message) ? 404 : 409, 'staffActionRefused', { reason: error.message });
    throw error;
  }
}

/** Who acts in a staff route, for the service's audit row: the staff login, its role, the client's address. */
export const actedBy = (request: FastifyRequest): ActedBy => ({ by: request.staff!.login, actorRole: request.staff!.role, sourceAddress: request.ip });

/** Who acts and when (the app's clock): what every audited staff service takes beside its own input. */
export const actedNow = (request: FastifyRequest): Acting => ({ ...actedBy(request), at: request.server.deps.clock() });
