import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useTranslation } from 'react-i18next';

type KitLocale = typeof enUS;

/**
 * antd-mobile's own texts (dialog buttons, list ends, error blocks, pull to refresh) in the
 * member's language. antd ships no Hindi, Tamil, Telugu or Kannada, so every language takes its
 * texts from our `common:kit` catalogue, which the translation test checks like any other.
 */
function useKitLocale(): KitLocale {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  return useMemo(() => {
    const k = (key: string) => t(`kit.${key}`);
    return {
      ...enUS,
      locale: language,
      common: { confirm: k('confirm'), cancel: k('cancel'), loading: k('loading'), close: k('close') },
      Dialog: { ok: k('ok') },
      Modal: { ok: k('ok') },
      ErrorBlock: {
        default: { title: k('errorTitle'), description: k('errorDescription') },
        busy: { title: k('busyTitle'), description: k('busyDescription') },
        disconnected: { title: k('offlineTitle'), description: k('offlineDescription') },
        empty: { title: k('emptyTitle'), description: k('emptyDescription') },
      },
      Form: { ...enUS.Form, required: k('required'), optional: k('optional') },
      ImageUploader: { uploading: k('uploading'), upload: k('upload') },
      InfiniteScroll: { noMore: k('noMore'), failedToLoad: k('failedToLoad'), retry: k('retry') },
      Input: { clear: k('clear') },
      PullToRefresh: { pulling: k('pulling'), canRelease: k('canRelease'), complete: k('refreshed') },
      Stepper: { decrease: k('decrease'), increase: k('increase') },
    };
  }, [t, language]);
}

export function UiKitLocale({ children }: { children: ReactNode }) {
  const locale = useKitLocale();
  // Imperative Dialog/Toast render outside this tree; they read antd's default config.
  useEffect(() => setDefaultConfig({ locale }), [locale]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
