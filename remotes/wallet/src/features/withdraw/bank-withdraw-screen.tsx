import { WithdrawScreen } from './withdraw-screen';

/** `/user/cashwithdraw`: withdraw to the bound bank card. */
export default function BankWithdrawScreen() {
  return <WithdrawScreen channel="BANK" />;
}
