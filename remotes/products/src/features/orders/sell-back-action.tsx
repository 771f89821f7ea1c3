import { usdt } from '@rigshare/i18n';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazySellBackQuoteQuery, useSellBackMutation } from '../../api/endpoints';
import type { Order } from '../../api/orders';
import '../../products.css';

/**
 * "Sell back" on an active order: asks the server for today's price, shows it and how it is computed in
 * a confirm dialog, and sells at exactly that price (the server refuses if it changed meanwhile, e.g. a
 * day fell due). The money goes into the member's own balance, so, like a purchase, no fund password.
 */
export function SellBackAction({ order }: { order: Order }) {
  const { t } = useTranslation('products');
  const [askQuote] = useLazySellBackQuoteQuery();
  const [sellBack] = useSellBackMutation();
  const [busy, setBusy] = useState(false);
  if (order.status !== 'Valid') return null;

  const sell = async () => {
    setBusy(true);
    try {
      // A refusal (ended, nothing left to pay) is toasted with the server's message.
      const quote = await askQuote(order.id, false);
      if (!quote.data) return;
      const { amount, paid, daysLeft, validDays } = quote.data;
      const confirmed = await Dialog.confirm({
        title: t('orders.sellTitle'),
        content: (
          <div className="products-confirm" data-testid="sell-back-confirm">
            <p>
              {t('orders.sellPrice')}: <strong data-testid="sell-back-price">{usdt(amount, { decimals: 'exact' })}</strong>
            </p>
            <p>{t('orders.sellHow', { paid: usdt(paid, { decimals: 'exact' }), daysLeft, validDays })}</p>
            <p className="products-muted">{t('orders.sellNote')}</p>
          </div>
        ),
        confirmText: t('orders.sellConfirm'),
        cancelText: t('common:actions.cancel'),
      });
      if (!confirmed) return;
      const result = await sellBack({ orderId: order.id, amount });
      // A refusal (the price changed, revenue short) has been shown with the server's message.
      if (result.data) Toast.show({ icon: 'success', content: result.data.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button block fill="outline" color="warning" loading={busy} onClick={() => void sell()} data-testid="sell-back">
      {t('orders.sellBack')}
    </Button>
  );
}
