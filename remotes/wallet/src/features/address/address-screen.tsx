import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@rigshare/domain';
import { formatDateTime } from '@rigshare/i18n';
import { CopyText } from '@rigshare/ui';
import { FRESH, useAddressQuery } from '../../api/endpoints';
import { BoundScreen } from '../shared/binding-screens';

/** `/user/address`: the bound USDT withdrawal address, or a way to add one. */
export default function AddressScreen() {
  const { t, i18n } = useTranslation('wallet');
  const address = useAddressQuery(undefined, FRESH);
  return (
    <BoundScreen keys="address" source={address} bindPath="/user/addAddress">
      {(bound) => (
        <>
          <List.Item extra={`${bound.currency} · ${bound.chain}`}>{t('address.network')}</List.Item>
          <List.Item description={formatDateTime(bound.createTime, i18n.language)}>
            <CopyText text={bound.address} data-testid="bound-address">
              {shortenAddress(bound.address)}
            </CopyText>
          </List.Item>
        </>
      )}
    </BoundScreen>
  );
}
