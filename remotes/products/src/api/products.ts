/** Typed calls for the product catalogue (the `orders` service host). */
import { get, type RequestOptions } from '@rigshare/api-client';
import type { AgreementSection, LeaseAgreement, ProductCard } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';

export { PRODUCT_STATUS } from '@rigshare/domain';
export type { AgreementSection, LeaseAgreement, ProductCard };

export const NO_BUY_LIMIT = -1;

/** Screens using these calls draw their own loading and error states. */
const OWN_STATES: RequestOptions = { silent: true, quiet: true };

export async function listProducts(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<Page<ProductCard>> {
  const body = await get<Page<ProductCard>>('orders', 'product/list', { ...OWN_STATES, params: { pageNum, pageSize }, signal });
  return body.data;
}

export async function getProduct(id: number, signal?: AbortSignal): Promise<ProductCard> {
  const body = await get<ProductCard>('orders', 'product/detail', { ...OWN_STATES, params: { id }, signal });
  return body.data;
}

export async function getAgreement(id: number, signal?: AbortSignal): Promise<LeaseAgreement> {
  const body = await get<LeaseAgreement>('orders', 'product/agreement', { ...OWN_STATES, params: { id }, signal });
  return body.data;
}
