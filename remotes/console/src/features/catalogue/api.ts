import { staffApi } from '@rigshare/api-client';
import type { Page } from '@rigshare/domain';
import type { AdminProduct, AdminRate, ProductDraft, RateDraft } from '@rigshare/api-schema';
import type { ListQuery } from '../../api/endpoints';

/** The catalogue's calls (CATALOGUE_ADMIN_ROUTES in admin-catalogue.ts): products, and the rates cash recharges convert at. */
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
  }),
});

export const { useStaffProductsQuery, useCreateProductMutation, useEditProductMutation, useCloseProductMutation, useRatesQuery, useSetRateMutation } = catalogueApi;
