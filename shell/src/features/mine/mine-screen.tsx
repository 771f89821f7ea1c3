import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import {
  BillOutline,
  ChatCheckOutline,
  CheckShieldOutline,
  CouponOutline,
  FileOutline,
  GiftOutline,
  GlobalOutline,
  HandPayCircleOutline,
  InformationCircleOutline,
  MessageOutline,
  PayCircleOutline,
  ReceivePaymentOutline,
  BankcardOutline,
  SetOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { maskPhone } from '@rigshare/domain';
import { selectSession } from '@rigshare/session';
import { CopyText, MemberAvatar } from '@rigshare/ui';
import { hasScreen } from '../../app/remote-registry';
import { useCustomerService } from '../header/customer-service';
import { useShareDialog } from '../header/share-dialog';
import { BalanceCard } from './balance-card';

/** Shortcuts; each shows once its screen exists (remotes.json says which paths have screens). */
const SHORTCUTS: { to: string; key: string; icon: ReactNode; testId: string }[] = [
  { to: '/user/balance', key: 'mine.shortcuts.wallet', icon: <PayCircleOutline />, testId: 'mine-wallet' },
  { to: '/user/recharge', key: 'mine.shortcuts.recharge', icon: <ReceivePaymentOutline />, testId: 'mine-recharge' },
  { to: '/user/withdraw', key: 'mine.shortcuts.withdraw', icon: <HandPayCircleOutline />, testId: 'mine-withdraw' },
  { to: '/user/myorder', key: 'mine.shortcuts.orders', icon: <UnorderedListOutline />, testId: 'mine-orders' },
  { to: '/index/friend', key: 'mine.shortcuts.team', icon: <TeamOutline />, testId: 'mine-team' },
  { to: '/user/record', key: 'mine.shortcuts.records', icon: <BillOutline />, testId: 'mine-records' },
  { to: '/message', key: 'mine.shortcuts.messages', icon: <MessageOutline />, testId: 'mine-messages' },
  { to: '/user/feedback', key: 'mine.shortcuts.feedback', icon: <ChatCheckOutline />, testId: 'mine-feedback' },
];

/** What the member has been given: the reward centre (register reward, sign-in, join-group...) and coupons. */
const BENEFITS: { to: string; key: string; icon: ReactNode; testId: string }[] = [
  { to: '/user/reward', key: 'mine.rewards', icon: <GiftOutline />, testId: 'mine-rewards' },
  { to: '/index/mycoupon', key: 'mine.coupons', icon: <CouponOutline />, testId: 'mine-coupons' },
];

/** The personal centre: who the member is, where their money and team live, and settings. */
export default function MineScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const session = useSelector(selectSession);
  const phone = maskPhone(session.phone);
  // A member who never chose a name is shown by the masked number: once is enough.
  const name = session.name || phone;
  const openService = useCustomerService();
  const openShare = useShareDialog();
  const benefits = BENEFITS.filter((link) => hasScreen(link.to));

  return (
    <div className="mine-screen" data-testid="mine-screen">
      <section className="mine-card">
        <Link to="/user/information" className="mine-card__who" data-testid="mine-profile">
          <MemberAvatar src={session.avatar} name={name} size={64} />
          <div className="mine-card__text">
            <div className="mine-card__name">
              <span data-testid="mine-name">{name}</span>
            </div>
            {name !== phone && (
              <div className="mine-card__phone" data-testid="mine-phone">
                {phone}
              </div>
            )}
          </div>
        </Link>
        {session.inviteCode && (
          <CopyText className="mine-card__invite" label={t('share.inviteCode')} text={session.inviteCode} data-testid="mine-invite-code" />
        )}
      </section>

      <nav className="mine-shortcuts" aria-label={t('mine.shortcuts.label')}>
        {SHORTCUTS.filter((link) => hasScreen(link.to)).map((s) => (
          <Link key={s.to} to={s.to} className="mine-shortcuts__item" data-testid={s.testId}>
            <span className="mine-shortcuts__icon">{s.icon}</span>
            <span className="mine-shortcuts__label">{t(s.key)}</span>
          </Link>
        ))}
      </nav>

      <BalanceCard />

      {benefits.length > 0 && (
        <List mode="card" className="mine-list">
          {benefits.map((link) => (
            <List.Item key={link.to} prefix={link.icon} onClick={() => navigate(link.to)} data-testid={link.testId}>
              {t(link.key)}
            </List.Item>
          ))}
        </List>
      )}
      <List mode="card" className="mine-list">
        <List.Item prefix={<UserOutline />} onClick={() => navigate('/user/information')}>
          {t('information.title')}
        </List.Item>
        <List.Item prefix={<CheckShieldOutline />} onClick={() => navigate('/user/securitycenter')}>
          {t('security.title')}
        </List.Item>
        <List.Item prefix={<SetOutline />} onClick={() => navigate('/user/system')}>
          {t('system.title')}
        </List.Item>
        <List.Item prefix={<GlobalOutline />} onClick={() => navigate('/index/language')}>
          {t('language.title')}
        </List.Item>
      </List>
      <List mode="card" className="mine-list">
        <List.Item prefix={<UserContactOutline />} onClick={openService} data-testid="mine-service">
          {t('header.service')}
        </List.Item>
        <List.Item prefix={<UserAddOutline />} onClick={openShare} data-testid="mine-share">
          {t('header.share')}
        </List.Item>
        <List.Item prefix={<BankcardOutline />} onClick={() => navigate('/solvency')} data-testid="mine-solvency">
          {t('solvency.title')}
        </List.Item>
        <List.Item prefix={<InformationCircleOutline />} onClick={() => navigate('/index/about')}>
          {t('about.title')}
        </List.Item>
        <List.Item prefix={<FileOutline />} extra={session.version} arrow={false}>
          {t('system.version')}
        </List.Item>
      </List>
    </div>
  );
}
