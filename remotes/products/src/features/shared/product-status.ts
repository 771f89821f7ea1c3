import { PRODUCT_STATUS } from '../../api/products';

/** Which badge a product status shows (SPEC.md section 4); other statuses show none. */
export type StatusBadge = 'soldOut' | 'preSale' | 'rushPurchase';

export function statusBadge(status: number): StatusBadge | null {
  switch (status) {
    case PRODUCT_STATUS.SOLD_OUT:
      return 'soldOut';
    case PRODUCT_STATUS.PRE_SALE:
      return 'preSale';
    case PRODUCT_STATUS.RUSH_PURCHASE:
      return 'rushPurchase';
    default:
      return null;
  }
}
