import { useEffect, useState } from 'react';
import { accountsApi } from '@rigshare/api-client';
import { MIN_SERVICE_LINK_LENGTH } from '@rigshare/domain';

/**
 * Whether staff have set the customer-service link the cash channels' instructions send members to:
 * true or false once known, null while asking or when asking failed (then the screen says nothing).
 */
export function useServiceLinkSet(): boolean | null {
  const [set, setSet] = useState<boolean | null>(null);
  useEffect(() => {
    let cancelled = false;
    accountsApi.serviceLink({ quiet: true, silent: true }).then(
      ({ data }) => {
        if (!cancelled) setSet((data.appUrl ?? '').trim().length >= MIN_SERVICE_LINK_LENGTH);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return set;
}
