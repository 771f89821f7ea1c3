/** Typed calls for the product catalogue (the `orders` service host). */
import { get, type RequestOptions } from '@rigshare/api-client';
import type { Page, ProductCard } from '@rigshare/domain';

export { PRODUCT_STATUS } from '@rigshare/domain';
export type { ProductCard };

/** One section of the lease agreement, shown in the order the server sends. */
export interface AgreementSection {
  heading: string;
  body: string;
}

/** The lease agreement of one product, in the reader's language, with the product's real figures filled in. */
export interface LeaseAgreement {
  productId: number;
  version: string;
  operatorName: string;
  title: string;
  sections: AgreementSection[];
}

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
