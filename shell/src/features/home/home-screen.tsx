import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Button, Dialog, ErrorBlock, NoticeBar, Skeleton, Swiper } from 'antd-mobile';
import { BillOutline, CalendarOutline, HandPayCircleOutline, ReceivePaymentOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import type { Banner } from '@rigshare/api-schema';
import type { RootState } from '@rigshare/session';
import { hasScreen, warmRemotes } from '../../app/remote-registry';
import { savedHomeFrame, saveHomeFrame } from '../../app/home-frame';
import { RemoteWidget } from '../../app/remote-screen';
import { ScreenLoading } from '../../app/screen-frame';
import { HomeHeader } from '../header/home-header';
import { useCarouselQuery, usePopupNoticeQuery, usePopupSeenMutation, useScrollNoticeQuery } from './home-api';
import { HOME_READS_KEPT_S } from './home-reads';
import { HomeVideos } from './home-videos';
import { checkForUpdateOnce } from '../header/version-update';

/** Shortcuts; each shows once its screen exists (remotes.json says which paths have screens). */
const QUICK_LINKS = [
  { to: '/user/recharge', key: 'home.links.recharge', icon: <ReceivePaymentOutline />, testId: 'quick-recharge' },
  { to: '/user/withdraw', key: 'home.links.withdraw', icon: <HandPayCircleOutline />, testId: 'quick-withdraw' },
  { to: '/index/friend', key: 'home.links.team', icon: <TeamOutline />, testId: 'quick-team' },
  { to: '/index/sign', key: 'home.links.sign', icon: <CalendarOutline />, testId: 'quick-sign' },
  { to: '/user/record?type=5', key: 'home.links.records', icon: <BillOutline />, testId: 'quick-records' },
] as const;

function BannerSwiper({ items }: { items: Banner[] }) {
  if (items.length === 0) return null;
  return (
    <Swiper className="home-banner" autoplay loop={items.length > 1} indicator={items.length > 1 ? undefined : () => null}>
      {items.map((item) => {
        const image = <img src={item.imageUrl} alt={item.title} className="home-banner__image" />;
        return (
          <Swiper.Item key={item.id}>
            {item.link ? (
              <a href={item.link} target={item.link.startsWith('#') ? undefined : '_blank'} rel="noopener noreferrer">
                {image}
              </a>
            ) : (
              image
            )}
          </Swiper.Item>
        );
      })}
    </Swiper>
  );
}

/**
 * `staticFrame`: rendered once at build time for index.html's first paint (src/first-paint/): the
 * loading state, with every shortcut and the banner's place marked for the page's inline script to
 * fill from what home showed last (app/home-frame.ts).
 */
export default function HomeScreen({ staticFrame = false }: { staticFrame?: boolean }) {
  const { t } = useTranslation('shell');
  const token = useSelector((state: RootState) => state.session.token);
  // The static frame reads nothing; the live home shows what the early reads (home-reads.ts) brought.
  const reads = { skip: staticFrame, refetchOnMountOrArgChange: HOME_READS_KEPT_S };
  // What arrives renders deferred, in slices, not in one task that holds a phone's main thread.
  const carousel = useDeferredValue(useCarouselQuery(undefined, reads));
  const scrollNotice = useDeferredValue(useScrollNoticeQuery(undefined, reads));
  const { data: popup } = usePopupNoticeQuery(undefined, reads);
  const [popupSeen] = usePopupSeenMutation();
  const shownPopup = useRef<number | null>(null);
  const banners = carousel.isSuccess ? carousel.data : null;
  // null while loading: the notice bar's place is kept, so the links and products below do not jump.
  const notices = scrollNotice.isSuccess ? scrollNotice.data.filter((text) => text.trim() !== '') : scrollNotice.isError ? [] : null;
  // While the banners load, the first one home showed last time keeps their place (as the first paint did).
  const lastFrame = useMemo(() => (staticFrame ? null : savedHomeFrame()), [staticFrame]);
  // remotes.json says which shortcuts have screens; it does not change while the page is open.
  const links = useMemo(() => QUICK_LINKS.filter((link) => staticFrame || hasScreen(link.to)), [staticFrame]);

  useEffect(() => {
    if (!banners) return;
    // Home has its content: the other remotes load in idle time from here, so a tab opens faster.
    warmRemotes();
    const first = banners[0];
    saveHomeFrame({ banner: first ? { src: first.imageUrl, alt: first.title } : null, links: links.map((link) => link.to) });
  }, [banners, links]);

  useEffect(() => {
    if (!popup || shownPopup.current === popup.id) return;
    shownPopup.current = popup.id;
    // Once per notice per member: the server stops offering it once told it was shown.
    void popupSeen(popup.id);
    Dialog.alert({
      title: popup.title,
      content: <div className="popup-notice">{popup.content}</div>,
      confirmText: t('common:actions.ok'),
    });
  }, [popup, popupSeen, t]);

  useEffect(() => {
    // Not what home shows first: checked in a task of its own, after the effects of home's first render.
    const updateCheck = setTimeout(() => void checkForUpdateOnce(t, token), 0);
    return () => clearTimeout(updateCheck);
  }, [t, token]);

  return (
    <div className="home-screen" data-testid="home-screen">
      <HomeHeader staticFrame={staticFrame} />
      <section className="home-section">
        {!banners && !carousel.isError &&
          (lastFrame?.banner ? (
            <div className="home-banner">
              <img
                src={lastFrame.banner.src}
                alt={lastFrame.banner.alt}
                className="home-banner__image"
                onError={(event) => {
                  event.currentTarget.style.visibility = 'hidden';
                }}
              />
            </div>
          ) : (
            <Skeleton animated className="home-banner home-banner--skeleton" data-frame-banner={staticFrame || undefined} />
          ))}
        {carousel.isError && (
          <ErrorBlock status="disconnected" title={t('home.loadFailed')} description="" className="home-error">
            <Button
              size="small"
              color="primary"
              onClick={() => {
                void carousel.refetch();
                void scrollNotice.refetch();
              }}
            >
              {t('common:actions.retry')}
            </Button>
          </ErrorBlock>
        )}
        {banners && <BannerSwiper items={banners} />}
      </section>
      {notices === null && <div className="home-notice home-notice--reserved" aria-hidden="true" />}
      {notices && notices.length > 0 && (
        <NoticeBar className="home-notice" color="info" content={notices.join('   ·   ')} data-testid="scroll-notice" />
      )}
      <nav className="quick-links" aria-label={t('home.quickLinks')}>
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="quick-links__item" data-testid={link.testId} data-frame-link={staticFrame ? link.to : undefined}>
            <span className="quick-links__icon">{link.icon}</span>
            <span className="quick-links__label">{t(link.key)}</span>
          </Link>
        ))}
      </nav>
      <section className="home-section home-products" aria-label={t('home.products')}>
        <h2 className="section-title">{t('home.products')}</h2>
        {staticFrame ? <ScreenLoading /> : <RemoteWidget remote="products" slot="home.products" />}
      </section>
      {!staticFrame && <HomeVideos />}
    </div>
  );
}
