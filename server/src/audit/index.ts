/** The staff audit log: one append-only row per staff action, written by every feature and the CLI. */
export { auditQueueDecision, auditStaffAction, type ActedBy, type Acting, type AuditEntry, type QueueDecision } from './audit-log';
export { operatorName, staffName, staffReason } from './operator';
