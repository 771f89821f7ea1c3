import type { ProductCard } from '../api/products';

/** A product on sale since February, for the product screens' tests; `overrides` changes what a test is about. */
export function aProduct(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: 7,
    productImg: 'https://img.example.test/rig-7.png',
    productName: 'S19 Pro rig share',
    categoryName: 'Bitcoin',
    status: 1,
    startTime: '2026-02-01T08:00:00.000Z',
    endTime: '2026-04-05T08:00:00.000Z',
    dayReturnAmount: '2500000',
    price: '100000000',
    walletotal: '75000000',
    validDays: 30,
    daotimes: null,
    maxBuy: 2,
    unitsOffered: 300,
    unitsSold: 100,
    unitsLeft: 200,
    agreementVersion: '2026-03-01',
    ...overrides,
  };
}
