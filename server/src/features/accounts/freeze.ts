import type { Kysely } from 'kysely';
import { auditStaffAction, type ActedBy } from '../../audit';
import type { Database } from '../../db/schema';
import { recordSessionsEnded } from '../../events';
import { OperatorError } from '../../operator-error';

export interface FreezeState {
  id: number;
  frozenAt: string | null;
  frozenReason: string | null;
}

interface FreezeInput extends ActedBy {
  memberId: number;
  /** Freezing: what the member is told. Unfreezing: why, for the audit log. */
  reason: string;
  at: Date;
}

/**
 * Freezes a member: from the next request they can still log in and read, but buying, withdrawing and
 * posting answer 403 (features/accounts/auth-hook.ts). Refused when already frozen, so two staff doing it at once get
 * one freeze and one refusal; one audit row, in the same transaction.
 */
export function freezeMember(db: Kysely<Database>, input: FreezeInput): Promise<FreezeState> {
  return setFrozen(db, input, true);
}

/** Lifts a freeze; refused when the member is not frozen. */
export function unfreezeMember(db: Kysely<Database>, input: FreezeInput): Promise<FreezeState> {
  return setFrozen(db, input, false);
}

async function setFrozen(db: Kysely<Database>, input: FreezeInput, freeze: boolean): Promise<FreezeState> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 500) throw new OperatorError('Give a reason (at most 500 characters)');
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('users').select(['id', 'frozen_at', 'frozen_reason']).where('id', '=', input.memberId).executeTakeFirst();
    if (!member) throw new OperatorError(`No member ${input.memberId}`);
    const next = freeze ? { frozen_at: input.at.toISOString(), frozen_reason: reason } : { frozen_at: null, frozen_reason: null };
    const updated = await trx
      .updateTable('users')
      .set(next)
      .where('id', '=', member.id)
      .where('frozen_at', freeze ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new OperatorError(`Member ${member.id} is ${freeze ? 'already' : 'not'} frozen`);
    // A frozen member's live channels close (features/live): they may read, but not live.
    if (freeze) await recordSessionsEnded(trx, member.id, { reason: 'frozen', tokenHash: null, keepTokenHash: null }, input.at);
    await auditStaffAction(trx, input, {
      action: freeze ? 'member.freeze' : 'member.unfreeze',
      target: `member:${member.id}`,
      memberId: member.id,
      before: member.frozen_at ? `frozen since ${member.frozen_at}: ${member.frozen_reason ?? ''}` : 'not frozen',
      after: freeze ? `frozen: ${reason}` : 'not frozen',
      reason,
      at: input.at,
    });
    return { id: member.id, frozenAt: next.frozen_at, frozenReason: next.frozen_reason };
  });
}
