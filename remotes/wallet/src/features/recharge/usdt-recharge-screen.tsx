import { money } from '@rigshare/i18n';
import { Button, NoticeBar, Skeleton } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CopyText, LoadFailed } from '@rigshare/ui';
import { errorMessage, FRESH, useUsdtDepositInfoQuery } from '../../api/endpoints';
import type { UsdtDepositInfo } from '../../api/wallet';
import { UsdtDepositList } from './usdt-deposit-list';
import '../../wallet.css';

/** Deposits are off on the server: say why, and offer the bank and cash channels instead. */
function DepositsOff({ info }: { info: UsdtDepositInfo }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <div className="wallet-card" data-testid="usdt-off" role="status">
      <h3 className="wallet-subtitle">{t('usdt.offTitle')}</h3>
      <p className="wallet-hint">{info.message ?? t('usdt.offBody')}</p>
      <Button block color="primary" onClick={() => navigate('/user/cashrecharge')}>
        {t('usdt.useCash')}
      </Button>
    </div>
  );
}

/** The member's own deposit address, as text and QR code, with everything to know before sending. */
export function UsdtAddressCard({ info }: { info: UsdtDepositInfo & { address: string } }) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <NoticeBar wrap color="alert" content={t('usdt.networkWarning', { network: info.network, chain: info.chainName })} />
      <div className="wallet-card wallet-usdt">
        <div className="wallet-usdt__qr">
          <QRCodeSVG value={info.address} size={184} marginSize={2} title={t('usdt.qrTitle')} />
        </div>
        <CopyText label={t('usdt.address')} labelAbove text={info.address} data-testid="usdt-address">
          <span className="wallet-break">{info.address}</span>
        </CopyText>
        <dl className="wallet-usdt__facts">
          <dt>{t('usdt.network')}</dt>
          <dd>
            {info.token} · {info.network} ({info.chainName})
          </dd>
          <dt>{t('usdt.minimumLabel')}</dt>
          <dd data-testid="usdt-minimum">{t('usdt.minimum', { amount: money(info.minimum) })}</dd>
          <dt>{t('usdt.confirmationsLabel')}</dt>
          <dd data-testid="usdt-required">{t('usdt.confirmationsNeeded', { required: info.confirmations })}</dd>
        </dl>
        <p className="wallet-hint">{t('usdt.belowMinimum')}</p>
      </div>
    </>
  );
}

/** The address (or why there is none), the way to the records, and the latest deposits. */
export function UsdtRechargeView({ info }: { info: UsdtDepositInfo }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <div className="wallet-screen">
      {info.enabled && info.address ? <UsdtAddressCard info={{ ...info, address: info.address }} /> : <DepositsOff info={info} />}
      <div className="wallet-actions">
        <Button block onClick={() => navigate('/user/newrecharge')}>
          {t('usdt.records')}
        </Button>
        {info.enabled && (
          <Button block fill="outline" onClick={() => navigate('/user/cashrecharge')}>
            {t('usdt.useCash')}
          </Button>
        )}
      </div>
      {info.enabled && (
        <>
          <h3 className="wallet-subtitle">{t('usdt.latest')}</h3>
          <UsdtDepositList />
        </>
      )}
    </div>
  );
}

/** `/user/recharge`: top up with USDT on BNB Smart Chain (BEP20), then watch the deposit arrive. */
export default function UsdtRechargeScreen() {
  const info = useUsdtDepositInfoQuery(undefined, FRESH);
  if (info.data) return <UsdtRechargeView info={info.data} />;
  if (info.isError) return <LoadFailed title={errorMessage(info.error)} retry={() => void info.refetch()} />;
  return <Skeleton.Paragraph lineCount={8} animated />;
}
