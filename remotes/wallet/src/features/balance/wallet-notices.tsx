import { NoticeBar } from 'antd-mobile';
import { FRESH, useWalletNoticesQuery } from '../../api/endpoints';

/**
 * The notices staff published for the wallet page, each a wrapping notice bar (a long text reads in
 * full instead of scrolling past). Nothing at all while none is published, while loading or when the
 * call failed: the balance below must stay usable without them.
 */
export function WalletNotices() {
  const { data } = useWalletNoticesQuery(undefined, FRESH);
  if (!data?.length) return null;
  return (
    <section className="wallet-notices" data-testid="wallet-notices">
      {data.map((notice) => (
        <NoticeBar
          key={notice.id}
          wrap
          color="info"
          data-testid="wallet-notice"
          content={
            <>
              {notice.title && <strong className="wallet-notices__title">{notice.title}</strong>}
              {notice.content}
            </>
          }
        />
      ))}
    </section>
  );
}
