import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@rigshare/domain';
import { formatDateTime } from '@rigshare/i18n';
import { CopyText } from '@rigshare/ui';
import { getAddress } from '../../api/wallet';
import { BoundScreen } from '../shared/binding-screens';

/** `/user/address`: the bound USDT withdrawal address, or a way to add one. */
export default function AddressScreen() {
  const { t, i18n } = useTranslation('wallet');
  return (
    <BoundScreen keys="address" load={getAddress} bindPath="/user/addAddress">
      {(address) => (
        <>
          <List.Item extra={`${address.currency} · ${address.chain}`}>{t('address.network')}</List.Item>
          <List.Item description={formatDateTime(address.createTime, i18n.language)}>
            <CopyText text={address.address} data-testid="bound-address">
              {shortenAddress(address.address)}
            </CopyText>
          </List.Item>
        </>
      )}
    </BoundScreen>
  );
}
