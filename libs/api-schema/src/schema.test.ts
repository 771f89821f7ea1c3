import type * as domain from '@rigshare/domain';
import { catalogueSchemas, errors, Ok, PagingQuery, Type } from '.';
import type * as api from '.';

/** True when A and B are the same type (not merely assignable one way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// The shapes libs/domain declares for the server's services and the browser's session are the ones the
// schemas describe: a field added on one side only fails the typecheck (api-schema:typecheck) here, as
// nothing at run time knows a type (a reply schema that lacks a field would silently drop it from the JSON).
export const sameShapes: [
  Equal<api.ProductCard, domain.ProductCard>,
  Equal<api.Order, domain.Order>,
  Equal<api.Coupon, domain.Coupon>,
  Equal<api.MemberRecord, domain.MemberRecord>,
  Equal<api.LoginData, domain.LoginData>,
  Equal<api.UserInfo, domain.UserInfo>,
  Equal<api.UsdtDepositInfo, domain.UsdtDepositInfo>,
  Equal<api.UsdtDeposit, domain.UsdtDeposit>,
] = [true, true, true, true, true, true, true, true];

describe('the API schemas', () => {
  it('are plain JSON Schema: paging bounds, the envelope and the shared error reply', () => {
    expect(JSON.parse(JSON.stringify(PagingQuery))).toEqual({
      type: 'object',
      required: ['pageNum', 'pageSize'],
      properties: {
        pageNum: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
        pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      },
    });
    expect(JSON.parse(JSON.stringify(Ok(Type.Null())))).toEqual({
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { code: { type: 'number', const: 200 }, msg: { type: 'string', description: 'Localized "Success".' }, data: { type: 'null' } },
    });
    expect(Object.keys(errors(404))).toEqual(['400', '404', '429', '500']);
    expect(errors(401)[401]).toEqual({ $ref: 'ErrorReply#', description: 'No session, or it expired: log in again.' });
    expect(catalogueSchemas.productDetail.querystring.properties.id).toMatchObject({ maximum: 2_147_483_647 });
  });
});
