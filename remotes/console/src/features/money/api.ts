import { staffApi } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';
import type { AdjustmentDraft, AdjustmentResult, AdminExchangeCode, BudgetCoverage, ExchangeCodeDraft, MoneyFund, MoneyResult, StaffTransfer } from '@rigshare/api-schema';
import type { ListQuery } from '../../api/endpoints';

/** The budgets staff fund, by the last part of their funding route. */
export type FundTarget = 'pool' | 'rewards' | 'promotions';

/** Every money action changes balances the dashboard and the lists show. */
const MOVED = ['Money', 'Dashboard', 'Audit'] as const;

/** The money section's calls: fundPool / fundRewards / fundPromotions (admin.ts) and MONEY_ADMIN_ROUTES (admin-money.ts). */
const moneyApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    fund: build.mutation<MoneyResult, MoneyFund & { into: FundTarget }>({
      query: ({ into, ...body }) => ({ path: `/money/${into}`, method: 'POST', body }),
      invalidatesTags: [...MOVED],
    }),
    budgets: build.query<BudgetCoverage[], void>({ query: () => ({ path: '/money/budgets' }), providesTags: ['Money'] }),
    adjust: build.mutation<AdjustmentResult, AdjustmentDraft>({ query: (body) => ({ path: '/money/adjustments', method: 'POST', body }), invalidatesTags: [...MOVED, 'Members'] }),
    staffTransfers: build.query<Page<StaffTransfer>, ListQuery>({ query: (params) => ({ path: '/money/transfers', params }), providesTags: ['Money'] }),
    exchangeCodes: build.query<Page<AdminExchangeCode>, ListQuery>({ query: (params) => ({ path: '/money/exchange-codes', params }), providesTags: ['Money'] }),
    createExchangeCode: build.mutation<AdminExchangeCode, ExchangeCodeDraft>({ query: (body) => ({ path: '/money/exchange-codes', method: 'POST', body }), invalidatesTags: [...MOVED] }),
    closeExchangeCode: build.mutation<AdminExchangeCode, string>({
      query: (code) => ({ path: `/money/exchange-codes/${encodeURIComponent(code)}/close`, method: 'POST', body: {} }),
      invalidatesTags: [...MOVED],
    }),
  }),
});

export const { useFundMutation, useBudgetsQuery, useAdjustMutation, useStaffTransfersQuery, useExchangeCodesQuery, useCreateExchangeCodeMutation, useCloseExchangeCodeMutation } =
  moneyApi;
