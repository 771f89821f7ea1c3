/** The response envelope every API call returns (DESIGN.md section 2). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  total: number;
  list: T[];
}

export const CODE_OK = 200;
export const CODE_UNAUTHORIZED = 401;

/** Service hosts from SPEC.md section 7; each is a path prefix on the API server. */
export const SERVICE_HOSTS = ['user', 'push', 'send', 'receive', 'assets', 'comment', 'orders'] as const;
export type ServiceHost = (typeof SERVICE_HOSTS)[number];
