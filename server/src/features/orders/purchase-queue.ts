import { BatchQueue } from '../../batch-queue';
import type { Db } from '../../db/connect';
import type { CreateOrderInput } from './purchase';
import { buyTogether } from './service';
import type { OrderRow } from './views';

/**
 * The most purchases one transaction takes. A batch holds its members' account locks until it commits,
 * so a larger one makes a member's other operations (a withdrawal, a takeout) wait longer for no gain in
 * throughput once the round trips are shared (docs/performance.md, "Purchases in batches").
 */
export const PURCHASE_BATCH_MAX = 32;

/** Purchases of one API instance, gathered into batches (batch-queue.ts); resolves with the order, rejects with the refusal. */
export function purchaseQueue(db: Db): (input: CreateOrderInput) => Promise<OrderRow> {
  const queue = new BatchQueue<CreateOrderInput, OrderRow>((inputs, letNextStart) => buyTogether(db, inputs, letNextStart), PURCHASE_BATCH_MAX);
  return (input) => queue.submit(input);
}
