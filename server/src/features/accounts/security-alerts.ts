import type { LocaleTag } from '@rigshare/domain';
import { translate, type MessageKey } from '../../i18n';
import { notifyMember } from '../../notices';
import type { AppDeps } from '../../types';
import { memberEmail } from './email';

/** What changed: where money can go, or what guards it. */
export type SecurityChange = 'loginPassword' | 'fundPassword' | 'withdrawAddress' | 'bankCard';

/** Each change's words: in the email's sentence, and the in-app message's body. */
const CHANGE_TEXT: Record<SecurityChange, { email: MessageKey; message: MessageKey }> = {
  loginPassword: { email: 'alertLoginPassword', message: 'pushLoginPasswordChangedBody' },
  fundPassword: { email: 'alertFundPassword', message: 'pushFundPasswordSetBody' },
  withdrawAddress: { email: 'alertWithdrawAddress', message: 'pushWithdrawAddressSavedBody' },
  bankCard: { email: 'alertBankCard', message: 'pushBankCardSavedBody' },
};

/**
 * Tells the member that a security change was made, the moment an account thief would use: a message
 * in the app (read in whatever language the member reads it in; the owner sees it on their next visit
 * while the thief has only the password) and, when an address is bound, an email in the request's
 * language, so its owner hears of it from outside the app. Called after the change is saved; a failure
 * of either is logged and never undoes or fails the change, nor stops the other.
 */
export async function alertSecurityChange(deps: AppDeps, userId: number, change: SecurityChange, locale: LocaleTag): Promise<void> {
  const at = deps.clock();
  const text = CHANGE_TEXT[change];
  try {
    await notifyMember(deps.db.kysely, { userId, kind: 'security', titleKey: 'pushSecurityChangeTitle', bodyKey: text.message, at });
  } catch (error) {
    deps.log.error({ err: error, userId, change }, 'security alert message not kept');
  }
  try {
    const to = await memberEmail(deps.db.kysely, userId);
    if (!to) return;
    const time = at.toISOString().slice(0, 16).replace('T', ' ');
    await deps.email.send({
      to,
      purpose: 'alert',
      subject: translate(locale, 'alertSubject'),
      body: translate(locale, 'alertBody', { change: translate(locale, text.email), time }),
    });
  } catch (error) {
    deps.log.error({ err: error, userId, change }, 'security alert email not sent');
  }
}
