import { useSearchParams } from 'react-router-dom';
import { EmailCodeForm } from './email-code-form';
import { EmailStatus } from './email-status';

/**
 * `/user/verify`: with `?email=` (from `/user/bindEmail`, which sent a code there) the code step;
 * without it, whether the member's address is bound and verified.
 */
export default function VerifyEmailScreen() {
  const email = useSearchParams()[0].get('email')?.trim();
  return email ? <EmailCodeForm email={email} /> : <EmailStatus />;
}
