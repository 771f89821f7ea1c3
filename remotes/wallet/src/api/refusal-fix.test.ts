import { ApiError } from '@rigshare/api-client';
import { fixOf } from './refusal-fix';

it('reads the route that fixes a refusal from the error envelope', () => {
  expect(fixOf(new ApiError(400, 'Please bind your address', { fix: '/user/address' }))).toBe('/user/address');
  expect(fixOf(new ApiError(400, 'Greater than available balance', { fix: null }))).toBeNull();
  expect(fixOf(new ApiError(400, 'Fund password incorrect'))).toBeNull();
  expect(fixOf(new ApiError(400, 'x', { fix: 'https://elsewhere.example' }))).toBeNull();
  expect(fixOf(new Error('network'))).toBeNull();
});
