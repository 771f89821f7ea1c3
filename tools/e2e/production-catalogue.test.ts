/**
 * Issue 54: a production start (SEED=reference) offers no product, so no bar shows units no order sold.
 * The operator creates the first account; its member sees the products screen's empty state, on the home
 * page and on the products tab, until staff put a machine on offer. Real API, the built shell and products remote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { phonePage } from './browser';
import { loginThroughScreen } from './session';
import { useStack } from './use-stack';
import { ROOT } from '../src/topology';

const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes/products/locales/en-US/products.json'), 'utf8')).catalog as { emptyTitle: string; emptyDescription: string };
const FIRST = { phone: '9000000077', password: 'First12345' };

const { stack, browser } = useStack({ SEED: 'reference' });

beforeAll(async () => {
  stack.adminWithEnv({ MEMBER_PASSWORD: FIRST.password }, 'member:create', FIRST.phone);
});

it('the first member of a production start sees that nothing is on sale yet, on home and on the products tab', async () => {
  const list = (await (await fetch(`${stack.apiOrigin}/api/orders/product/list?pageNum=1&pageSize=50`)).json()) as { data: { total: number } };
  expect(list.data.total).toBe(0);
  const page = await phonePage(browser);
  await loginThroughScreen(page, stack.shellUrl, FIRST.phone, FIRST.password);
  await page.getByText(catalog.emptyTitle).first().waitFor();
  await page.goto(`${stack.shellUrl}#/projects`);
  await page.getByText(catalog.emptyTitle).waitFor();
  await page.getByText(catalog.emptyDescription).waitFor();
  expect(await page.getByTestId('product-name').count()).toBe(0);
  await page.context().close();
});
