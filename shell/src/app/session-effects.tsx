import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Toast } from 'antd-mobile';
import { skipToken } from '@reduxjs/toolkit/query';
import { ERROR_TOAST_MS } from '@rigshare/domain';
import { i18n } from '@rigshare/i18n';
import { userInfoLoaded, type RootState } from '@rigshare/session';
import { useMemberProfileQuery } from '../features/profile/profile-api';

/** Loads the member's profile whenever a token appears (login or a stored token at start). */
export function SessionEffects() {
  const token = useSelector((state: RootState) => state.session.token);
  const dispatch = useDispatch();
  const { data: profile, isSuccess } = useMemberProfileQuery(token ?? skipToken);
  useEffect(() => {
    if (!isSuccess) return;
    if (profile) dispatch(userInfoLoaded(profile));
    else Toast.show({ content: i18n.t('common:errors.userInfoNull'), duration: ERROR_TOAST_MS });
  }, [profile, isSuccess, dispatch]);
  return null;
}
