/** Every hash path the console owns (DESIGN.md section 3: /console/..., staff sessions only). */
export const OWNED_PATHS = ['/console', '/console/recharges', '/console/withdrawals', '/console/reviews', '/console/feedback', '/console/money', '/console/content', '/console/members', '/console/products', '/console/rates', '/console/catalogue', '/console/audit'] as const;
