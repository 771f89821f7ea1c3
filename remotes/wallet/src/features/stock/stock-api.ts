/** The member's machines: their orders, from the `orders` host the products remote also reads. */
import { get } from '@rigshare/api-client';
import type { Order, Page } from '@rigshare/domain';

export type Holding = Order;

export async function listHoldings(pageNum: number, pageSize: number): Promise<Page<Holding>> {
  return (await get<Page<Holding>>('orders', 'mine/order/record', { silent: true, quiet: true, params: { pageNum, pageSize } })).data;
}
