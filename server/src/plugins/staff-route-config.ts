import type { StaffRole } from '@rigshare/api-schema';

/** The roles besides admin that may run a /admin route; absent: open (the login itself). */
export type StaffRoles = readonly StaffRole[];

// In the route's config: features/staff/guard.ts enforces it, the OpenAPI document (operation-docs.ts)
// states it. Declared here, under both, so every program that reads it also sees its type.
declare module 'fastify' {
  interface FastifyContextConfig {
    staffRoles?: StaffRoles;
  }
}
