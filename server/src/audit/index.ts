/** The staff audit log: one append-only row per staff action, written by every feature and the CLI. */
export { auditStaffAction, writeAudit, type ActedBy, type Acting, type AuditActor, type AuditEntry, type AuditInput } from './audit-log';
export { operatorName, staffName } from './operator';
