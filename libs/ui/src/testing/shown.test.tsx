/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { List } from 'antd-mobile';
import { isShown, shownBeside, shownText } from './shown';

it('reads what is shown and nothing that is hidden by the element or a parent', () => {
  const { getByText } = render(
    <div>
      <p>Seen</p>
      <div hidden>
        <p>Hidden by attribute</p>
      </div>
      <div style={{ display: 'none' }}>
        <p>Hidden by style</p>
      </div>
      <p aria-hidden="true">Hidden from assistive technology</p>
    </div>,
  );
  expect(shownText(getByText('Seen'))).toBe('Seen');
  for (const text of ['Hidden by attribute', 'Hidden by style', 'Hidden from assistive technology']) {
    expect(isShown(getByText(text))).toBe(false);
    expect(shownText(getByText(text))).toBe('');
  }
});

it('ties a value to the label it is shown beside, in a description list and in a list item', () => {
  render(
    <>
      <dl>
        <div>
          <dt>Fee</dt>
          <dd>0.50 USDT</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>10.00 USDT</dd>
        </div>
      </dl>
      <List>
        <List.Item extra="3">Quantity</List.Item>
      </List>
    </>,
  );
  expect(shownBeside('Fee')).toBe('0.50 USDT');
  expect(shownBeside('Paid')).toBe('10.00 USDT');
  expect(shownBeside('Quantity')).toBe('3');
  expect(() => shownBeside('Missing')).toThrow();
});
