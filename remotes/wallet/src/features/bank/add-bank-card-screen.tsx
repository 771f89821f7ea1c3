import { getBankCard, saveBankCard } from '../../api/wallet';
import { BindScreen } from '../shared/binding-screens';
import { BankCardForm, type BankCardInput } from './bank-card-form';

/** `/user/CaddAddress`: bind the bank card, or replace the bound one. */
export default function AddBankCardScreen() {
  return (
    <BindScreen
      keys="bank"
      load={getBankCard}
      viewPath="/user/Caddress"
      save={(input: BankCardInput) => saveBankCard(input)}
      form={(props) => <BankCardForm {...props} />}
    />
  );
}
