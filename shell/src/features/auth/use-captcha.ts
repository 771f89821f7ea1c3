import type { FormInstance } from 'antd-mobile/es/components/form';
import type { Captcha } from '@rigshare/api-schema';
import { useCaptchaQuery, type CodeRequest } from './auth-api';

/** An image captcha from auth/captcha, new on every mount; `refresh` reads another (after a tap or a failed send). */
export function useCaptcha(): { captcha: Captcha | null; failed: boolean; refresh: () => void } {
  const { data, isError, refetch } = useCaptchaQuery(undefined, { refetchOnMountOrArgChange: true });
  return { captcha: isError ? null : (data ?? null), failed: isError, refresh: () => void refetch() };
}

export function captchaSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** A send-code mutation's trigger (auth-api). */
type SendCode = (request: CodeRequest) => { unwrap(): Promise<unknown> };

/**
 * The image code plus the "send SMS code" action that spends it: the phone and image code come
 * from the form, and the image code is renewed after every try, since the server takes one guess.
 */
export function useCodeSender(form: FormInstance, send: SendCode) {
  const { captcha, failed, refresh } = useCaptcha();
  const sendCode = async () => {
    const { phone, country, captchaCode } = form.getFieldsValue(['phone', 'country', 'captchaCode']) as { phone?: string; country?: string; captchaCode?: string };
    try {
      await send({ phone: phone?.trim() ?? '', country, captchaId: captcha?.captchaId ?? '', captchaCode: captchaCode?.trim() ?? '' }).unwrap();
    } finally {
      form.setFieldValue('captchaCode', '');
      refresh();
    }
  };
  return { captcha, failed, refresh, sendCode };
}
