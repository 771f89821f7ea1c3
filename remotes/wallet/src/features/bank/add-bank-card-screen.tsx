import { FRESH, useBankCardQuery, useSaveBankCardMutation } from '../../api/endpoints';
import { BindScreen } from '../shared/binding-screens';
import { BankCardForm, type BankCardInput } from './bank-card-form';

/** `/user/CaddAddress`: bind the bank card, or replace the bound one. */
export default function AddBankCardScreen() {
  const card = useBankCardQuery(undefined, FRESH);
  const [saveBankCard, saving] = useSaveBankCardMutation();
  return (
    <BindScreen
      keys="bank"
      source={card}
      viewPath="/user/Caddress"
      busy={saving.isLoading}
      save={(input: BankCardInput) => saveBankCard(input).unwrap()}
      form={(props) => <BankCardForm {...props} />}
    />
  );
}
