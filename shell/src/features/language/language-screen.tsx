import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { changeLanguage, LOCALES, type LocaleTag } from '@rigshare/i18n';
import { languageChanged, type RootState } from '@rigshare/session';

/** The ten interface languages by their own names; the choice is kept in the store (and storage). */
export default function LanguageScreen() {
  const current = useSelector((state: RootState) => state.session.languageType);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  // 'default' is the first entry of this visit: nothing to go back to.
  const canGoBack = useLocation().key !== 'default';

  const choose = async (tag: LocaleTag) => {
    await changeLanguage(tag);
    dispatch(languageChanged(tag));
    if (canGoBack) navigate(-1);
    else navigate('/index', { replace: true });
  };

  return (
    <List className="language-list" mode="card">
      {LOCALES.map((locale) => (
        <List.Item
          key={locale.tag}
          onClick={() => void choose(locale.tag)}
          extra={locale.tag === current ? <CheckOutline className="language-list__check" aria-label="✓" /> : null}
          arrow={false}
          data-testid={`language-${locale.tag}`}
          aria-current={locale.tag === current ? 'true' : undefined}
        >
          <span lang={locale.tag}>{locale.name}</span>
        </List.Item>
      ))}
    </List>
  );
}
