import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { accountsApi, type Captcha, type PhoneNumber } from '@rigshare/api-client';

/** An image captcha from auth/captcha; `refresh` fetches a new one (after a tap or a failed send). */
export function useCaptcha(): { captcha: Captcha | null; failed: boolean; refresh: () => void } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const request = ++latest.current;
    setFailed(false);
    accountsApi.captcha().then(
      ({ data }) => request === latest.current && setCaptcha(data),
      () => {
        if (request !== latest.current) return;
        setCaptcha(null);
        setFailed(true);
      },
    );
  }, []);
  useEffect(() => {
    refresh();
    return () => {
      latest.current++;
    };
  }, [refresh]);
  return { captcha, failed, refresh };
}

export function captchaSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

type SendCode = (number: PhoneNumber, captchaId: string, captchaCode: string) => Promise<unknown>;

/**
 * The image code plus the "send SMS code" action that spends it: the phone and image code come
 * from the form, and the image code is renewed after every try, since the server takes one guess.
 */
export function useCodeSender(form: FormInstance, send: SendCode) {
  const { captcha, failed, refresh } = useCaptcha();
  const sendCode = async () => {
    const { phone, country, captchaCode } = form.getFieldsValue(['phone', 'country', 'captchaCode']) as { phone?: string; country?: string; captchaCode?: string };
    try {
      await send({ phone: phone?.trim() ?? '', country }, captcha?.captchaId ?? '', captchaCode?.trim() ?? '');
    } finally {
      form.setFieldValue('captchaCode', '');
      refresh();
    }
  };
  return { captcha, failed, refresh, sendCode };
}
