import { FRESH, useAddressQuery, useSaveAddressMutation } from '../../api/endpoints';
import { BindScreen } from '../shared/binding-screens';
import { AddressForm, type AddressInput } from './address-form';

/** `/user/addAddress`: bind the USDT (BEP20) withdrawal address, or replace the bound one. */
export default function AddAddressScreen() {
  const address = useAddressQuery(undefined, FRESH);
  const [saveAddress, saving] = useSaveAddressMutation();
  return (
    <BindScreen
      keys="address"
      source={address}
      viewPath="/user/address"
      busy={saving.isLoading}
      save={(input: AddressInput, replacing) => saveAddress({ ...input, replace: replacing }).unwrap()}
      form={(props) => <AddressForm {...props} />}
    />
  );
}
