import { ApiError } from '@rigshare/api-client';
import { fixOf, holdUntilOf } from './refusal-fix';

it('reads the route that fixes a refusal from the error envelope', () => {
  expect(fixOf(new ApiError(400, 'Please bind your address', { fix: '/user/address' }))).toBe('/user/address');
  expect(fixOf(new ApiError(400, 'Greater than available balance', { fix: null }))).toBeNull();
  expect(fixOf(new ApiError(400, 'Fund password incorrect'))).toBeNull();
  expect(fixOf(new ApiError(400, 'x', { fix: 'https://elsewhere.example' }))).toBeNull();
  expect(fixOf(new Error('network'))).toBeNull();
});

it('reads the same facts from the error an RTK Query call fails with', () => {
  const refusal = { code: 400, message: 'Please bind your address', data: { fix: '/user/address', holdUntil: '2026-03-01T10:00:00.000Z', field: 'ifsc' } };
  expect(fixOf(refusal)).toBe('/user/address');
  expect(holdUntilOf(refusal)).toBe('2026-03-01T10:00:00.000Z');
});
