/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { changeLanguage, initI18n } from '@rigshare/i18n';
import { checkRule } from './check-rule';
import { CopyText } from './copy-text';
import { showRefusalOnForm } from './form-refusal';
import { SubmitForm } from './submit-form';
import { InfiniteList, type InfiniteListSource } from './infinite-list';
import { LinkInText } from './link-in-text';
import { MemberAvatar } from './member-avatar';
import { Money } from './money';
import { useDebouncedClick } from './use-debounced-click';
import { reachListEnds } from './testing/render-screen';

// antd-mobile's imperative Toast needs a React 19 root, as the shell sets up.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

reachListEnds();

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  act(() => Toast.clear());
});

describe('InfiniteList', () => {
  const pages = (...lists: string[][]) => ({ pages: lists.map((list) => ({ total: 3, list })) });
  const source = (over: Partial<InfiniteListSource<string>>): InfiniteListSource<string> => ({
    isError: false,
    hasNextPage: false,
    fetchNextPage: () => ({ unwrap: async () => undefined }),
    refetch: () => undefined,
    ...over,
  });
  const draw = (s: InfiniteListSource<string>) =>
    render(<InfiniteList<string> source={s} itemKey={(item) => item} renderItem={(item) => <span>{item}</span>} loadError="Could not load the list" />);

  it('shows every loaded page once, an item repeated across pages once, then "No more data"', async () => {
    draw(source({ data: pages(['a', 'b'], ['b', 'c']) }));
    expect(screen.getAllByText(/^[abc]$/).map((node) => node.textContent)).toEqual(['a', 'b', 'c']);
    expect((await screen.findByText('No more data')).className).toBe('rs-pull-list__end');
  });

  it('asks for the next page while there is one', async () => {
    let asked = 0;
    draw(source({ data: pages(['a', 'b']), hasNextPage: true, fetchNextPage: () => ({ unwrap: async () => void (asked += 1) }) }));
    await waitFor(() => expect(asked).toBeGreaterThan(0));
  });

  it('a first page that failed says why and retries', () => {
    let retried = 0;
    draw(source({ isError: true, error: { code: 0, message: 'Network error' }, refetch: () => (retried += 1) }));
    expect(screen.getByText('Could not load the list').textContent).toBe('Could not load the list');
    expect(screen.getByText('Network error').textContent).toBe('Network error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });
});

describe('CopyText', () => {
  it('copies with the Clipboard API and toasts "Copy success"', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyText text="RIGSHARE" label="Invite code" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('RIGSHARE'));
    await screen.findByText('Copy success');
  });

  it('falls back to execCommand and toasts "Copy failed" when nothing can copy', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = jest.fn().mockReturnValue(false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<CopyText text="https://example.test/#/login/registerbym?code=X" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByText('Copy failed');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('showRefusalOnForm', () => {
  function CodeForm({ refusal, fields }: { refusal: unknown; fields: string[] }) {
    const [form] = Form.useForm();
    return (
      <Form form={form}>
        <Form.Item name="code" label="Code">
          <Input />
        </Form.Item>
        <button type="button" onClick={() => showRefusalOnForm(form, refusal, fields)}>
          refuse
        </button>
      </Form>
    );
  }

  it('puts the message under the field the refusal names, when the form has that field', async () => {
    render(<CodeForm refusal={{ code: 400, message: 'The email code is wrong or has expired', data: { field: 'code' } }} fields={['code']} />);
    fireEvent.click(screen.getByText('refuse'));
    await waitFor(() => expect(document.querySelector('.adm-form-item-feedback-error')?.textContent).toBe('The email code is wrong or has expired'));
    const toasts = [...document.querySelectorAll('.adm-toast-main')].map((toast) => toast.textContent);
    expect(toasts).not.toContain('The email code is wrong or has expired');
  });

  it('toasts a refusal that names no field of the form', async () => {
    render(<CodeForm refusal={{ code: 429, message: 'Please wait 42 seconds', data: null }} fields={['code']} />);
    fireEvent.click(screen.getByText('refuse'));
    await waitFor(() => expect(document.querySelector('.adm-toast-main')?.textContent).toBe('Please wait 42 seconds'));
    expect(document.querySelector('.adm-form-item-feedback-error')).toBeNull();
  });
});

describe('useDebouncedClick', () => {
  function Counter({ onRun }: { onRun: () => void }) {
    const click = useDebouncedClick(onRun, 1000);
    return <button onClick={click}>tap</button>;
  }

  it('runs once for taps inside the window and again after it', () => {
    const now = jest.spyOn(Date, 'now');
    const onRun = jest.fn();
    render(<Counter onRun={onRun} />);
    const button = screen.getByText('tap');
    now.mockReturnValue(10_000);
    act(() => fireEvent.click(button));
    now.mockReturnValue(10_500);
    act(() => fireEvent.click(button));
    expect(onRun).toHaveBeenCalledTimes(1);
    now.mockReturnValue(11_001);
    act(() => fireEvent.click(button));
    expect(onRun).toHaveBeenCalledTimes(2);
    now.mockRestore();
  });
});

describe('MemberAvatar', () => {
  it('stands in for a missing picture with the first letter as written, vowel sign and all', () => {
    const { container, rerender } = render(<MemberAvatar name="  கார்த்திக்" />);
    expect(container.textContent).toBe('கா');
    rerender(<MemberAvatar name="émile" src={null} />);
    expect(container.textContent).toBe('É');
    rerender(<MemberAvatar name="" />);
    expect(container.textContent).toBe('?');
  });

  it('builds its segmenter on the first initial, not when the library loads (a page without avatars never pays for one)', () => {
    const Original = Intl.Segmenter;
    const intl = Intl as { Segmenter: typeof Intl.Segmenter };
    let built = 0;
    intl.Segmenter = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    };
    try {
      let isolated: typeof import('./member-avatar') | undefined;
      jest.isolateModules(() => {
        isolated = jest.requireActual<typeof import('./member-avatar')>('./member-avatar');
      });
      expect(built).toBe(0);
      const Avatar = isolated!.MemberAvatar;
      const { container } = render(<Avatar name="Ravi" />);
      expect(container.textContent).toBe('R');
      render(<Avatar name="Meena" />);
      expect(built).toBe(1);
    } finally {
      intl.Segmenter = Original;
    }
  });

  it('shows the picture when there is one', () => {
    const { container } = render(<MemberAvatar name="Asha" src="/uploads/a.png" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png');
    expect(container.textContent).not.toContain('A');
  });
});

describe('LinkInText', () => {
  it('lets only the link break anywhere, every time it occurs, and keeps the whole text', () => {
    const link = 'https://app.example.test/#/login/registerbym?code=RS7Q2K';
    const { container } = render(<LinkInText text={`Join: ${link} or open ${link} (code RS7Q2K)`} link={link} />);
    expect(container.textContent).toBe(`Join: ${link} or open ${link} (code RS7Q2K)`);
    const breaking = Array.from(container.querySelectorAll('span'));
    expect(breaking.map((s) => [s.textContent, s.style.wordBreak])).toEqual([
      [link, 'break-all'],
      [link, 'break-all'],
    ]);
  });
});

describe('Money', () => {
  afterEach(async () => {
    await act(() => changeLanguage('en-US'));
  });

  it('writes micro-units in USDT with every decimal the amount has, signed when asked, in the language the reader switches to', async () => {
    render(
      <p data-testid="amounts">
        <Money micro="12500000" /> | <Money micro={1_234_567n} signed /> | <Money micro="-1234567" decimals={2} />
      </p>,
    );
    expect(screen.getByTestId('amounts').textContent).toBe('12.50 USDT | +1.234567 USDT | -1.23 USDT');
    await act(() => changeLanguage('de-DE'));
    expect(screen.getByTestId('amounts').textContent).toBe('12,50 USDT | +1,234567 USDT | -1,23 USDT');
  });
});

describe('SubmitForm', () => {
  it('hands the checked values to onFinish when its submit button is pressed, and offers cancel when given', async () => {
    const sent: unknown[] = [];
    const cancelled = jest.fn();
    render(
      <SubmitForm initialValues={{ title: 'Maintenance' }} onFinish={(values) => sent.push(values)} submit={{ text: 'Publish', busy: false, testId: 'publish' }} cancel={{ text: 'Cancel', onClick: cancelled }}>
        <Form.Item name="title" label="Title" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
      </SubmitForm>,
    );
    expect(screen.getByTestId('publish').textContent).toBe('Publish');
    fireEvent.click(screen.getByTestId('publish'));
    await waitFor(() => expect(sent).toEqual([{ title: 'Maintenance' }]));
    fireEvent.click(screen.getByText('Cancel'));
    expect(cancelled).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while a required field is empty', async () => {
    const sent: unknown[] = [];
    render(
      <SubmitForm onFinish={(values) => sent.push(values)} submit={{ text: 'Publish', busy: false, testId: 'publish' }}>
        <Form.Item name="title" label="Title" rules={[{ required: true, message: 'Title needed' }]}>
          <Input />
        </Form.Item>
      </SubmitForm>,
    );
    fireEvent.click(screen.getByTestId('publish'));
    await screen.findByText('Title needed');
    expect({ sent, cancel: screen.queryByText('Cancel') }).toEqual({ sent: [], cancel: null });
  });

  it("shows a checkRule's message under its field and sends nothing until the check passes", async () => {
    const sent: unknown[] = [];
    render(
      <SubmitForm onFinish={(values) => sent.push(values)} submit={{ text: 'Send', busy: false, testId: 'send' }}>
        <Form.Item name="url" label="Link" rules={checkRule((value) => (value?.startsWith('https://') ? null : 'Give an https link'))}>
          <Input />
        </Form.Item>
      </SubmitForm>,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'http://example.com' } });
    fireEvent.click(screen.getByTestId('send'));
    await screen.findByText('Give an https link');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(sent).toEqual([{ url: 'https://example.com' }]));
    expect(screen.queryByText('Give an https link')).toBeNull();
  });
});
