import { PRODUCT_STATUS } from '../../api/products';

/** Which badge a product status shows (SPEC.md section 4); other statuses show none. */
export type StatusBadge = 'soldOut' | 'preSale' | 'rushPurchase';

export function statusBadge(status: number): StatusBadge | null {
  switch (status) {
    case PRODUCT_STATUS.soldOut:
      return 'soldOut';
    case PRODUCT_STATUS.preSale:
      return 'preSale';
    case PRODUCT_STATUS.rush:
      return 'rushPurchase';
    default:
      return null;
  }
}
