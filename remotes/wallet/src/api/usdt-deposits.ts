/** Typed calls for USDT (BEP20) deposits, watched on chain by the server (docs/chain-deposits.md). */
import { get, type RequestOptions } from '@rigshare/api-client';
import type { Page, UsdtDeposit, UsdtDepositInfo } from '@rigshare/domain';

export type { UsdtDeposit, UsdtDepositInfo, UsdtDepositStatus } from '@rigshare/domain';

const OWN_STATES: RequestOptions = { silent: true, quiet: true };

export async function getUsdtDepositInfo(signal?: AbortSignal): Promise<UsdtDepositInfo> {
  return (await get<UsdtDepositInfo>('assets', 'user/recharge/usdt', { ...OWN_STATES, signal })).data;
}

export async function listUsdtDeposits(pageNum: number, pageSize: number): Promise<Page<UsdtDeposit>> {
  return (await get<Page<UsdtDeposit>>('assets', 'user/recharge/usdt/records', { ...OWN_STATES, params: { pageNum, pageSize } })).data;
}
