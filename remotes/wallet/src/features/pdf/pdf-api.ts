/** The lease agreement of one order as a PDF, fetched through the shared client (session, 401, messages). */
import { getBlob } from '@rigshare/api-client';
import { headerCodeFor } from '@rigshare/domain';

/** `/user/pdf?orderId=N`: a positive whole number, else null. */
export function orderIdOf(param: string | null): number | null {
  return param !== null && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
}

export function fetchAgreementPdf(orderId: number, language: string, signal?: AbortSignal): Promise<Blob> {
  return getBlob('orders', 'order/agreement.pdf', { params: { orderId, lang: headerCodeFor(language) }, signal, silent: true, quiet: true });
}
