/** Typed calls for the product catalogue (the `orders` service host). */
import { get, type RequestOptions } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';

/** Product status codes shown on the card (SPEC.md section 4). */
export const PRODUCT_STATUS = {
  SOLD_OUT: 3,
  PRE_SALE: 5,
  RUSH_PURCHASE: 6,
} as const;

/** One product as the catalogue returns it. Amounts are integer micro-unit strings ("12500000" = 12.5 USDT). */
export interface ProductCard {
  id: number;
  /** Absolute image URL. */
  productImg: string;
  productName: string;
  categoryName: string;
  status: number;
  /** ISO date-time the sale starts. */
  startTime: string;
  /** ISO date-time the sale ends. */
  endTime: string;
  /** Expected daily return, micro-units. */
  dayReturnAmount: string;
  /** Price of one unit, micro-units. */
  price: string;
  /** Expected total return over the valid days, micro-units. */
  walletotal: string;
  validDays: number;
  /** ISO countdown target of a rush purchase; null for other statuses. */
  daotimes: string | null;
  /** Units one member may buy; -1 means no limit. */
  maxBuy: number;
  unitsOffered: number;
  unitsSold: number;
  /** Units still for sale (unitsOffered - unitsSold). */
  unitsLeft: number;
  /** Version of the lease agreement that applies to this product. */
  agreementVersion: string;
}

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
