import type { LocaleTag } from '@rigshare/domain';
import { translate, type MessageKey } from '../../i18n';
import type { AppDeps } from '../../types';
import { memberEmail } from './email';

/** What changed: where money can go, or what guards it. */
export type SecurityChange = 'loginPassword' | 'fundPassword' | 'withdrawAddress' | 'bankCard';

const CHANGE_TEXT: Record<SecurityChange, MessageKey> = {
  loginPassword: 'alertLoginPassword',
  fundPassword: 'alertFundPassword',
  withdrawAddress: 'alertWithdrawAddress',
  bankCard: 'alertBankCard',
};

/**
 * Tells the member's bound email address that a security change was made, the moment an account thief
 * would use, so its owner hears of it from outside the app. Nothing when no address is bound. Called
 * after the change is saved; a failure to send is logged and never undoes or fails the change.
 */
export async function alertSecurityChange(deps: AppDeps, userId: number, change: SecurityChange, locale: LocaleTag): Promise<void> {
  try {
    const to = await memberEmail(deps.db.kysely, userId);
    if (!to) return;
    const time = deps.clock().toISOString().slice(0, 16).replace('T', ' ');
    await deps.email.send({
      to,
      purpose: 'alert',
      subject: translate(locale, 'alertSubject'),
      body: translate(locale, 'alertBody', { change: translate(locale, CHANGE_TEXT[change]), time }),
    });
  } catch (error) {
    deps.log.error({ err: error, userId, change }, 'security alert email not sent');
  }
}
