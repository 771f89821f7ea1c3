/** Product catalogue types (the `orders` service host); the calls are RTK Query endpoints in ./endpoints.ts. */
import type { ProductCard } from '@rigshare/domain';

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
