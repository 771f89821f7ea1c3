import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Toast } from 'antd-mobile';
import { accountsApi } from '@rigshare/api-client';
import { ERROR_TOAST_MS } from '@rigshare/domain';
import { i18n } from '@rigshare/i18n';
import { userInfoLoaded, type RootState } from '@rigshare/session';

/** Loads the member's profile whenever a token appears (login or a stored token at start). */
export function SessionEffects() {
  const token = useSelector((state: RootState) => state.session.token);
  const dispatch = useDispatch();
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    accountsApi
      .userInfo({ silent: true })
      .then(({ data }) => {
        if (cancelled) return;
        if (!data) throw new Error('userInfo null');
        dispatch(userInfoLoaded(data));
      })
      .catch((error: Error) => {
        if (!cancelled && error.message === 'userInfo null') {
          Toast.show({ content: i18n.t('common:errors.userInfoNull'), duration: ERROR_TOAST_MS });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [token, dispatch]);
  return null;
}
