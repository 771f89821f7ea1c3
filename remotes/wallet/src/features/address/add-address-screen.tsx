import { getAddress, saveAddress } from '../../api/wallet';
import { BindScreen } from '../shared/binding-screens';
import { AddressForm, type AddressInput } from './address-form';

/** `/user/addAddress`: bind the USDT (BEP20) withdrawal address, or replace the bound one. */
export default function AddAddressScreen() {
  return (
    <BindScreen
      keys="address"
      load={getAddress}
      viewPath="/user/address"
      save={(input: AddressInput, replacing) => saveAddress(input.currency, input.chain, input.address, replacing)}
      form={(props) => <AddressForm {...props} />}
    />
  );
}
