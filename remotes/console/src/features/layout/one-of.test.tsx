/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd-mobile';
import { OneOf } from './one-of';

it('a tap on the chosen option keeps it chosen; a tap on another one moves the choice', async () => {
  const seen: unknown[] = [];
  render(
    <Form initialValues={{ kind: ['news'] }} onValuesChange={(_, all) => seen.push(all.kind)}>
      <Form.Item name="kind" label="Kind">
        <OneOf options={[{ label: 'News', value: 'news' }, { label: 'Notice', value: 'notice' }]} />
      </Form.Item>
    </Form>,
  );
  const chosen = () => Array.from(document.querySelectorAll('.adm-selector-item-active')).map((item) => item.textContent);
  await act(async () => fireEvent.click(screen.getByText('News')));
  expect(chosen()).toEqual(['News']);
  await act(async () => fireEvent.click(screen.getByText('Notice')));
  expect(chosen()).toEqual(['Notice']);
  expect(seen).toEqual([['notice']]);
});
