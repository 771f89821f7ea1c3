/** Product catalogue types (the `orders` service host); the calls are RTK Query endpoints in ./endpoints.ts. */
import type { AgreementSection, LeaseAgreement, ProductCard } from '@rigshare/api-schema';

export { PRODUCT_STATUS } from '@rigshare/domain';
export type { AgreementSection, LeaseAgreement, ProductCard };

export const NO_BUY_LIMIT = -1;
