import { staffApi } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';
import type {
  AdminAppRelease,
  AdminCoupon,
  AdminPayChannel,
  AdminProduct,
  AdminRate,
  AdminRewardSetting,
  AdminSiteLink,
  AppReleaseDraft,
  CouponDraft,
  PayChannelDraft,
  PayChannelEdit,
  ProductDraft,
  RateDraft,
  RewardSettingDraft,
  SiteLinkDraft,
} from '@rigshare/api-schema';
import type { ListQuery } from '../../api/endpoints';

/** The catalogue's calls (CATALOGUE_ADMIN_ROUTES in admin-catalogue.ts): products, rates, coupons, channels, releases, links, reward settings. */
const catalogueApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    staffProducts: build.query<Page<AdminProduct>, ListQuery>({ query: (params) => ({ path: '/products', params }), providesTags: ['Products'] }),
    createProduct: build.mutation<AdminProduct, ProductDraft>({ query: (body) => ({ path: '/products', method: 'POST', body }), invalidatesTags: ['Products', 'Audit'] }),
    editProduct: build.mutation<AdminProduct, ProductDraft & { id: number }>({
      query: ({ id, ...body }) => ({ path: `/products/${id}`, method: 'POST', body }),
      invalidatesTags: ['Products', 'Audit'],
    }),
    closeProduct: build.mutation<AdminProduct, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ path: `/products/${id}/close`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Products', 'Audit'],
    }),
    rates: build.query<Page<AdminRate>, ListQuery>({ query: (params) => ({ path: '/rates', params }), providesTags: ['Rates'] }),
    setRate: build.mutation<AdminRate, RateDraft>({ query: (body) => ({ path: '/rates', method: 'POST', body }), invalidatesTags: ['Rates', 'Audit'] }),
    staffCoupons: build.query<Page<AdminCoupon>, ListQuery>({ query: (params) => ({ path: '/coupons', params }), providesTags: ['Catalogue'] }),
    createCoupon: build.mutation<AdminCoupon, CouponDraft>({ query: (body) => ({ path: '/coupons', method: 'POST', body }), invalidatesTags: ['Catalogue', 'Audit'] }),
    closeCoupon: build.mutation<AdminCoupon, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ path: `/coupons/${id}/close`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Catalogue', 'Audit'],
    }),
    payChannels: build.query<Page<AdminPayChannel>, ListQuery>({ query: (params) => ({ path: '/pay-channels', params }), providesTags: ['Catalogue'] }),
    createPayChannel: build.mutation<AdminPayChannel, PayChannelDraft>({ query: (body) => ({ path: '/pay-channels', method: 'POST', body }), invalidatesTags: ['Catalogue', 'Audit'] }),
    editPayChannel: build.mutation<AdminPayChannel, PayChannelEdit & { id: number }>({
      query: ({ id, ...body }) => ({ path: `/pay-channels/${id}`, method: 'POST', body }),
      invalidatesTags: ['Catalogue', 'Audit'],
    }),
    switchPayChannel: build.mutation<AdminPayChannel, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ path: `/pay-channels/${id}/${enabled ? 'enable' : 'disable'}`, method: 'POST', body: {} }),
      invalidatesTags: ['Catalogue', 'Audit'],
    }),
    appReleases: build.query<Page<AdminAppRelease>, ListQuery>({ query: (params) => ({ path: '/app-releases', params }), providesTags: ['Catalogue'] }),
    publishRelease: build.mutation<AdminAppRelease, AppReleaseDraft>({ query: (body) => ({ path: '/app-releases', method: 'POST', body }), invalidatesTags: ['Catalogue', 'Audit'] }),
    siteLinks: build.query<Page<AdminSiteLink>, ListQuery>({ query: (params) => ({ path: '/links', params }), providesTags: ['Catalogue'] }),
    setSiteLink: build.mutation<AdminSiteLink, SiteLinkDraft>({ query: (body) => ({ path: '/links', method: 'POST', body }), invalidatesTags: ['Catalogue', 'Audit'] }),
    rewardSettings: build.query<Page<AdminRewardSetting>, ListQuery>({ query: (params) => ({ path: '/reward-settings', params }), providesTags: ['Catalogue'] }),
    setRewardSetting: build.mutation<AdminRewardSetting, RewardSettingDraft>({
      query: (body) => ({ path: '/reward-settings', method: 'POST', body }),
      invalidatesTags: ['Catalogue', 'Audit'],
    }),
  }),
});

export const {
  useStaffProductsQuery,
  useCreateProductMutation,
  useEditProductMutation,
  useCloseProductMutation,
  useRatesQuery,
  useSetRateMutation,
  useStaffCouponsQuery,
  useCreateCouponMutation,
  useCloseCouponMutation,
  usePayChannelsQuery,
  useCreatePayChannelMutation,
  useEditPayChannelMutation,
  useSwitchPayChannelMutation,
  useAppReleasesQuery,
  usePublishReleaseMutation,
  useSiteLinksQuery,
  useSetSiteLinkMutation,
  useRewardSettingsQuery,
  useSetRewardSettingMutation,
} = catalogueApi;
