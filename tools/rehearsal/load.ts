/**
 * The member-day mix: one autocannon instance a step (its own rate and connections, through nginx), the
 * live channels (WebSockets, `ws`), and a finance staff member approving withdrawals through the console API.
 * Every answer goes to the Recorder with its time, so the report can split it by fault window.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { generateSync } from 'otplib';
import WebSocket from 'ws';
import type { Recorder, StepKind } from './record';
import { PASSWORD, PIN, STAFF, type Member, type Seeded } from './seed';

export interface Acknowledged {
  /** memberId -> requestIds of purchases answered 200. */
  purchases: Map<number, Set<string>>;
  withdrawals: Map<number, Set<string>>;
  /** Purchases and withdrawals sent without a 200 (error, timeout, cut off): retried with the same requestId at the end. */
  unsure: Array<{ kind: 'purchase' | 'withdrawal'; member: Member; requestId: string }>;
}

interface StepSpec {
  step: string;
  kind: StepKind;
  /** Requests a second, all connections together. */
  rate: number;
  connections?: number;
  method?: 'GET' | 'POST';
  path: (member: Member) => string;
  /** A form body (POST); `requestId` is this request's unique id. */
  form?: (member: Member, requestId: string) => Record<string, string>;
  /** Statuses answered on purpose besides 2xx. */
  expected?: number[];
  /** Money writes: which acknowledged set a 200 goes to. */
  money?: 'purchase' | 'withdrawal';
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let sequence = 0;
const nextRequestId = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

/** Runs one step for `seconds` through autocannon; the members take turns. */
function runStep(base: string, recorder: Recorder, members: Member[], spec: StepSpec, seconds: number, acked: Acknowledged): { done: Promise<void>; stop(): void } {
  recorder.step(spec.step, spec.kind, spec.expected);
  const connections = Math.max(1, Math.min(spec.connections ?? 2, spec.rate));
  let turn = Math.floor(Math.random() * members.length);
  interface Context {
    member?: Member;
    requestId?: string;
  }
  const request: autocannon.Request = {
    method: spec.method ?? 'GET',
    path: '/',
    setupRequest: (req, context: Context) => {
      const member = members[turn++ % members.length]!;
      context.member = member;
      const headers: Record<string, string> = { 'x-access-token': member.token };
      if (!spec.form) return { ...req, path: spec.path(member), headers };
      const requestId = nextRequestId(spec.step.split(' ')[0]!.replace(/[^a-z]/gi, ''));
      context.requestId = requestId;
      return { ...req, path: spec.path(member), headers: { ...headers, ...FORM }, body: form(spec.form(member, requestId)) };
    },
    onResponse: (status, _body, context: Context) => {
      if (!spec.money || !context.member || !context.requestId) return;
      const target = spec.money === 'purchase' ? acked.purchases : acked.withdrawals;
      if (status === 200) {
        if (!target.has(context.member.id)) target.set(context.member.id, new Set());
        target.get(context.member.id)!.add(context.requestId);
      } else acked.unsure.push({ kind: spec.money, member: context.member, requestId: context.requestId });
    },
  };
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const instance = autocannon({ url: base, connections, overallRate: Math.max(spec.rate, connections), duration: seconds, timeout: 10, requests: [request] }, () => finished());
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => recorder.answer(spec.step, status, ms));
  instance.on('reqError', (error: Error) => recorder.failure(spec.step, error.message.slice(0, 60)));
  return { done, stop: () => instance.stop() };
}

/** The morning login storm: every member logs in once through the login screen's request; their new tokens are used after. */
export async function loginStorm(base: string, recorder: Recorder, members: Member[], connections: number): Promise<void> {
  const step = recorder.step('login storm: POST /api/user/auth/token/pass', 'login');
  let turn = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/user/auth/token/pass',
    setupRequest: (req, context: { member?: Member }) => {
      const member = members[turn++ % members.length]!;
      context.member = member;
      return { ...req, headers: FORM, body: form({ phone: member.phone, password: PASSWORD }) };
    },
    onResponse: (status, body, context: { member?: Member }) => {
      if (status !== 200 || !context.member) return;
      const token = (JSON.parse(body) as { msg?: string }).msg;
      if (token) context.member.token = token;
    },
  };
  await new Promise<void>((resolve) => {
    const instance = autocannon({ url: base, connections, amount: members.length, timeout: 20, requests: [request] }, () => resolve());
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => recorder.answer(step, status, ms));
    instance.on('reqError', (error: Error) => recorder.failure(step, error.message.slice(0, 60)));
  });
}

/** The member-day steps, their rates scaled by `scale` (1: the default mix, about 60 requests a second). */
export function memberDay(seeded: Seeded, scale: number): StepSpec[] {
  const r = (rate: number) => Math.max(1, Math.round(rate * scale));
  const page = 'pageNum=1&pageSize=10';
  return [
    { step: 'home: GET /api/user/user/info', kind: 'read', rate: r(10), path: () => '/api/user/user/info' },
    { step: 'home: GET /api/orders/product/list', kind: 'read', rate: r(8), path: () => `/api/orders/product/list?${page}` },
    { step: 'home: GET /api/user/sys/scroll-notice', kind: 'read', rate: r(6), path: () => '/api/user/sys/scroll-notice' },
    { step: 'product: GET /api/orders/product/detail', kind: 'read', rate: r(5), path: () => `/api/orders/product/detail?id=${seeded.productId}` },
    { step: 'wallet: GET /api/assets/user/balance', kind: 'read', rate: r(4), path: () => '/api/assets/user/balance' },
    { step: 'orders: GET /api/orders/mine/order/record', kind: 'read', rate: r(3), path: () => `/api/orders/mine/order/record?${page}` },
    {
      step: 'buy: POST /api/orders/mine/order/create',
      kind: 'money',
      rate: r(4),
      connections: 2,
      method: 'POST',
      path: () => '/api/orders/mine/order/create',
      form: (_m, requestId) => ({ agree: '1', productId: String(seeded.productId), quantity: '1', requestId }),
      money: 'purchase',
    },
    // Nothing to take out since the last claim is answered 400 (noProfitToday) on purpose.
    { step: 'claim income: POST /api/receive/income/takeout', kind: 'money', rate: r(2), method: 'POST', path: () => '/api/receive/income/takeout', form: (_m, requestId) => ({ requestId }), expected: [400] },
    {
      step: 'withdraw: POST /api/assets/user/withdraw',
      kind: 'money',
      rate: r(1),
      connections: 1,
      method: 'POST',
      path: () => '/api/assets/user/withdraw',
      form: (_m, requestId) => ({ channel: 'USDT', amount: '2', payPassword: PIN, requestId }),
      money: 'withdrawal',
    },
    { step: 'team: GET /api/user/team/info', kind: 'read', rate: r(3), path: () => '/api/user/team/info' },
    { step: 'team: GET /api/user/team/income', kind: 'read', rate: r(2), path: () => `/api/user/team/income?${page}` },
    { step: 'feed: GET /api/comment/square/list', kind: 'read', rate: r(4), path: () => `/api/comment/square/list?${page}` },
    { step: 'feed: GET /api/comment/comment/list', kind: 'read', rate: r(2), path: () => `/api/comment/comment/list?squareId=${seeded.postId}&pageNum=1&pageSize=5` },
    {
      step: 'feed: POST /api/comment/comment/text',
      kind: 'money',
      rate: 1,
      connections: 1,
      method: 'POST',
      path: () => '/api/comment/comment/text',
      form: (_m, requestId) => ({ squareId: String(seeded.postId), content: `Nice rig ${requestId}` }),
    },
    { step: 'messages: GET /api/push/unread', kind: 'read', rate: r(4), path: () => '/api/push/unread' },
    { step: 'messages: GET /api/push/record', kind: 'read', rate: r(2), path: () => `/api/push/record?${page}` },
  ];
}

export function startMemberDay(base: string, recorder: Recorder, members: Member[], steps: StepSpec[], seconds: number, acked: Acknowledged): { done: Promise<void>; stop(): void } {
  const runs = steps.map((spec) => runStep(base, recorder, members, spec, seconds, acked));
  return { done: Promise.all(runs.map((r) => r.done)).then(() => undefined), stop: () => runs.forEach((r) => r.stop()) };
}

/**
 * Live channels: `count` WebSockets on /api/live through nginx, authenticated as libs/domain/src/live.ts says
 * (an auth frame with the member's token), each reconnecting a second after it drops (as the app does); a
 * drop and a failed reconnect are errors of step "live", the time to `ready` its latency.
 */
export function openLiveChannels(base: string, recorder: Recorder, members: Member[], count: number): { ready(): number; close(): void } {
  const step = recorder.step('live: GET /api/live (WebSocket to ready)', 'live');
  const url = `${base.replace(/^http/, 'ws')}/api/live`;
  let closing = false;
  const sockets = new Set<WebSocket>();
  const readySockets = new Set<WebSocket>();
  const open = (member: Member, since: number | null) => {
    if (closing) return;
    const started = Date.now();
    const socket = new WebSocket(url, { perMessageDeflate: false });
    sockets.add(socket);
    let lastId = since;
    let wasReady = false;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: member.token, staffToken: null, since })));
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; id?: number; lastId?: number };
      if (frame.type === 'ready') {
        wasReady = true;
        readySockets.add(socket);
        lastId = frame.lastId ?? lastId;
        recorder.answer(step, 200, Date.now() - started);
      } else if (frame.type === 'event') lastId = frame.id ?? lastId;
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      sockets.delete(socket);
      readySockets.delete(socket);
      if (closing) return;
      recorder.failure(step, wasReady ? `dropped (${code})` : `no ready (${code})`);
      setTimeout(() => open(member, lastId), 1000 + Math.random() * 1000);
    });
  };
  for (let i = 0; i < count; i++) setTimeout(() => open(members[i % members.length]!, null), (i * 20) % 5000);
  return {
    ready: () => readySockets.size,
    close() {
      closing = true;
      for (const socket of sockets) socket.terminate();
    },
  };
}

/** Finance staff: logs in with password and TOTP code, then every few seconds approves the waiting withdrawals. */
export function startStaff(base: string, recorder: Recorder, secret: string, everyMs: number): { stop(): Promise<void> } {
  const login = recorder.step('staff: POST /admin/session (TOTP)', 'staff');
  const list = recorder.step('staff: GET /admin/withdrawals', 'staff');
  const approve = recorder.step('staff: POST /admin/withdrawals/:id/approve', 'money');
  let token: string | null = null;
  let stopped = false;
  const call = async (step: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: unknown } | null> => {
    const started = Date.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(token ? { 'x-access-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      recorder.answer(step, res.status, Date.now() - started);
      return { status: res.status, data: text ? (JSON.parse(text) as { data?: unknown }).data : null };
    } catch (error) {
      recorder.failure(step, (error as Error).message.slice(0, 60));
      return null;
    }
  };
  const loop = (async () => {
    while (!stopped) {
      if (!token) {
        const answer = await call(login, 'POST', '/admin/session', { login: STAFF.login, password: STAFF.password, code: generateSync({ secret }) });
        if (answer?.status === 200) token = (answer.data as { token: string }).token;
      } else {
        const answer = await call(list, 'GET', '/admin/withdrawals?pageNum=1&pageSize=20');
        if (answer?.status === 401) token = null;
        const waiting = answer?.status === 200 ? (answer.data as { list: Array<{ id: number }> }).list : [];
        for (const w of waiting) {
          if (stopped) break;
          await call(approve, 'POST', `/admin/withdrawals/${w.id}/approve`, { txHash: `0x${randomBytes(32).toString('hex')}`, reference: '' });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
