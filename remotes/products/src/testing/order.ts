import type { Order } from '../api/orders';

/** One of the member's orders, active, for the order screens' tests; `overrides` changes what a test is about. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    productId: 7,
    productName: 'S19 Pro rig share',
    productImg: 'https://img.example.test/rig-7.png',
    quantity: 2,
    price: '100000000',
    amount: '195000000',
    couponAmount: '5000000',
    dayReturnAmount: '2500000',
    dailyIncome: '5000000',
    validDays: 30,
    walletotal: '150000000',
    earned: '15000000',
    daysPaid: 3,
    daysDelayed: 0,
    createTime: '2026-02-26T10:00:00.000Z',
    expireTime: '2026-03-28T10:00:00.000Z',
    status: 'Valid',
    soldTime: null,
    soldAmount: null,
    ...overrides,
  };
}
