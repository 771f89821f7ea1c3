/** Typed calls for buying and for the member's orders (the `orders` service host). */
import { ApiError, get, post, type RequestOptions } from '@rigshare/api-client';
import type { Order, OrderDay, OrderStatus, OrderTotals } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';

export type { Order, OrderDay, OrderStatus, OrderTotals };

export interface CreateOrderInput {
  productId: number;
  quantity: number;
  couponId?: number;
  /** Idempotency key kept across retries of one purchase attempt. */
  requestId: string;
}

/** Screens using these calls draw their own loading and error states. */
const OWN_STATES: RequestOptions = { silent: true, quiet: true };

/** Buys; a refusal is toasted by the client with the server's message and rethrown. */
export async function createOrder(input: CreateOrderInput): Promise<Order> {
  const body = await post<Order>('orders', 'mine/order/create', {
    productId: input.productId,
    quantity: input.quantity,
    agree: '1',
    couponId: input.couponId,
    requestId: input.requestId,
  });
  return body.data;
}

export async function listOrders(pageNum: number, pageSize: number, status?: OrderStatus, signal?: AbortSignal): Promise<Page<Order>> {
  const params: Record<string, unknown> = { pageNum, pageSize };
  if (status) params.status = status;
  const body = await get<Page<Order>>('orders', 'mine/order/record', { ...OWN_STATES, params, signal });
  return body.data;
}

export async function getOrderTotals(signal?: AbortSignal): Promise<OrderTotals> {
  const body = await get<OrderTotals>('orders', 'mine/order/totalrecord', { ...OWN_STATES, signal });
  return body.data;
}

export async function listOrderDays(orderId: number, pageNum: number, pageSize: number, signal?: AbortSignal): Promise<Page<OrderDay>> {
  const body = await get<Page<OrderDay>>('orders', 'mine/order/subrecord', { ...OWN_STATES, params: { orderId, pageNum, pageSize }, signal });
  return body.data;
}

/** One of the member's orders by id; null when it is not there (or not theirs: the server answers the same). */
export async function findOrder(id: number, signal?: AbortSignal): Promise<Order | null> {
  try {
    return (await get<Order>('orders', 'mine/order/detail', { ...OWN_STATES, params: { id }, signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) return null;
    throw error;
  }
}
