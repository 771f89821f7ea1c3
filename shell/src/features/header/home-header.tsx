import { DownlandOutline, GlobalOutline, MessageOutline, UserAddOutline, UserContactOutline } from 'antd-mobile-icons';
import { Badge } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '@rigshare/api-client';
import { Link } from 'react-router-dom';
import { LOCALES } from '@rigshare/i18n';
import { runtimeConfig } from '../../app/runtime-config-store';
import { useCustomerService } from './customer-service';
import { unreadBadge } from '../../app/tab-bar';
import { useShareDialog } from './share-dialog';

/**
 * The home tab's own header: brand, language, customer service, invite, messages, and the Android app's
 * download when the deployment names one (config.json). `staticFrame`: drawn at build time for the
 * first paint, before config.json is read, so without the download.
 */
export function HomeHeader({ staticFrame = false }: { staticFrame?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const openService = useCustomerService();
  const openShare = useShareDialog();
  const unread = useUnreadMessages();
  const androidDownloadUrl = staticFrame ? '' : runtimeConfig().androidDownloadUrl;
  const language = LOCALES.find((l) => l.tag === i18n.language)?.name ?? LOCALES[0].name;
  return (
    <header className="home-header">
      <span className="home-header__brand">Rigshare</span>
      <nav className="home-header__actions">
        {/* The name starts with the visible text (the language), then says what the link is for. */}
        <Link to="/index/language" className="home-header__lang" aria-label={`${language} · ${t('header.language')}`} data-testid="header-language">
          <GlobalOutline /> <span>{language}</span>
        </Link>
        <button type="button" className="icon-button" onClick={openService} aria-label={t('header.service')} data-testid="header-service">
          <UserContactOutline />
        </button>
        <button type="button" className="icon-button" onClick={openShare} aria-label={t('header.share')} data-testid="header-share">
          <UserAddOutline />
        </button>
        {androidDownloadUrl && (
          <a href={androidDownloadUrl} className="icon-button" target="_blank" rel="noopener noreferrer" aria-label={t('header.download')} data-testid="header-download">
            <DownlandOutline />
          </a>
        )}
        <Link to="/message" className="icon-button" aria-label={unread ? t('header.messagesUnread', { count: unread }) : t('header.messages')} data-testid="header-messages">
          <Badge content={unread ? unreadBadge(unread) : null} data-testid="header-unread">
            <MessageOutline />
          </Badge>
        </Link>
      </nav>
    </header>
  );
}
