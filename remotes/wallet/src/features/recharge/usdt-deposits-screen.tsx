import { UsdtDepositList } from './usdt-deposit-list';
import '../../wallet.css';

/** `/user/newrecharge`: every USDT deposit the chain watcher has seen for the member. */
export default function UsdtDepositsScreen() {
  return (
    <div className="wallet-screen">
      <UsdtDepositList />
    </div>
  );
}
