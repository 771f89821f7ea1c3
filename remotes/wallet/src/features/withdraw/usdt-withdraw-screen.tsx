import { WithdrawScreen } from './withdraw-screen';

/** `/user/withdraw`: withdraw USDT to the bound BEP20 address. */
export default function UsdtWithdrawScreen() {
  return <WithdrawScreen channel="USDT" />;
}
