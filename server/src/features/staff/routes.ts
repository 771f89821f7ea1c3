import { adminSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { fundRewardsBudget } from '../../jobs/rewards';
import { fundPool } from '../../ledger/operator';
import { fundPromotions } from '../../ledger/promotions';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { pendingPosts, reviewPost } from '../community';
import { fileLinks } from '../files';
import { openFeedback, replyToFeedback } from '../messages';
import { pendingSubmissions, reviewSubmission } from '../team';
import { approveWithdrawal, confirmDeposit, pendingDeposits, pendingWithdrawalsWithApprovals, rejectDeposit, rejectWithdrawal } from '../wallet';
import { endStaffSession, enrolmentUri, loginStaff } from './accounts';
import { guessStaffLogin } from './login-limits';
import { auditLog, dashboard } from './overview';
import { qrDataUrl } from './totp';
import { registerStaffGuard, routeOf } from './guard';
import { catalogueRoutes } from './catalogue-routes';
import { contentRoutes } from './content-routes';
import { memberRoutes } from './members-routes';
import { moneyRoutes } from './money-routes';
import { actedBy, actedNow, refusing } from './route-kit';

/**
 * The staff console's API under /admin: login with a TOTP code, then the staff actions, each calling the
 * service the command line calls (one implementation per action) with the staff member, role and address
 * for the audit row. Paths, methods and roles come from ADMIN_ROUTES in libs/api-schema.
 */
export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  registerStaffGuard(fastify);
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db;

  app.post(routeOf('enrolment').url, { config: routeOf('enrolment').config, schema: schemas.enrolment }, async (request) => {
    const { login, password } = request.body;
    const { result: uri } = await guessStaffLogin(deps, request.ip, login, () => enrolmentUri(db.kysely, { login, password, totpKey: deps.config.staff.totpKey }));
    if (uri === null) throw new AppError(401, 'staffLoginFailed');
    return ok(request, { otpauthUri: uri, qrDataUrl: await qrDataUrl(uri) });
  });

  app.post(routeOf('login').url, { config: routeOf('login').config, schema: schemas.login }, async (request) => {
    const { login, password, code } = request.body;
    const { result: session } = await guessStaffLogin(deps, request.ip, login, () =>
      loginStaff(db.kysely, { login, password, code, totpKey: deps.config.staff.totpKey, sourceAddress: request.ip, at: deps.clock() }),
    );
    if (!session) throw new AppError(401, 'staffLoginFailed');
    return ok(request, { token: session.token, staff: { login: session.staff.login, role: session.staff.role }, idleMinutes: deps.config.staff.idleMinutes });
  });

  app.delete(routeOf('logout').url, { config: routeOf('logout').config, schema: schemas.logout }, async (request) => {
    await endStaffSession(db.kysely, { tokenHash: request.staffTokenHash!, staff: request.staff!, sourceAddress: request.ip, at: deps.clock() });
    return ok(request, null);
  });

  app.get(routeOf('me').url, { config: routeOf('me').config, schema: schemas.me }, async (request) => ok(request, { login: request.staff!.login, role: request.staff!.role }));

  app.get(routeOf('dashboard').url, { config: routeOf('dashboard').config, schema: schemas.dashboard }, async (request) => ok(request, await dashboard(db.kysely, deps.clock())));

  // ---- recharges (cash deposits) ----
  app.get(routeOf('recharges').url, { config: routeOf('recharges').config, schema: schemas.recharges }, async (request) => {
    const { total, rows } = await pendingDeposits(db.kysely, request.query);
    const list = rows.map((d) => ({
      id: d.id,
      phone: d.phone,
      channel: d.channel,
      currency: d.currency,
      amount: String(d.amount),
      usdtAmount: String(d.usdt_amount),
      reference: d.reference,
      createdAt: d.created_at,
    }));
    return ok(request, { total, list });
  });
  app.post(routeOf('rechargeConfirm').url, { config: routeOf('rechargeConfirm').config, schema: schemas.rechargeConfirm }, async (request) => {
    const r = await refusing(() => confirmDeposit(db, { id: request.params.id, ...actedNow(request) }));
    return ok(request, { id: r.deposit.id, status: r.deposit.status, alreadyConfirmed: r.alreadyConfirmed });
  });
  app.post(routeOf('rechargeReject').url, { config: routeOf('rechargeReject').config, schema: schemas.rechargeReject }, async (request) => {
    const d = await refusing(() => rejectDeposit(db, { id: request.params.id, reason: request.body.reason, ...actedNow(request) }));
    return ok(request, { id: d.id, status: d.status, alreadyConfirmed: false });
  });

  // ---- withdrawals ----
  const threshold = deps.config.staff.fourEyesThreshold;
  const decisionView = (w: Awaited<ReturnType<typeof approveWithdrawal>>) => ({
    id: w.id,
    status: w.status as 'Pending' | 'Succeeded' | 'Failed',
    approvals: w.approvals,
    approvalsNeeded: w.approvalsNeeded,
    txHash: w.txHash,
    reference: w.reference,
    reason: w.reason,
  });
  app.get(routeOf('withdrawals').url, { config: routeOf('withdrawals').config, schema: schemas.withdrawals }, async (request) => {
    const page = await pendingWithdrawalsWithApprovals(db.kysely, threshold, request.query);
    const list = page.list.map((w) => ({
      id: w.id,
      phone: w.phone,
      channel: w.channel,
      amount: String(w.amount),
      fee: String(w.fee),
      net: String(w.net),
      payoutTo: w.payout_to,
      createdAt: w.created_at,
      approvalsNeeded: w.approvalsNeeded,
      approvals: w.approvals,
    }));
    return ok(request, { total: page.total, list });
  });
  app.post(routeOf('withdrawalApprove').url, { config: routeOf('withdrawalApprove').config, schema: schemas.withdrawalApprove }, async (request) => {
    const { txHash, reference } = request.body;
    const w = await refusing(() => approveWithdrawal(db, { id: request.params.id, txHash, reference, fourEyesThreshold: threshold, ...actedNow(request) }));
    return ok(request, decisionView(w));
  });
  app.post(routeOf('withdrawalReject').url, { config: routeOf('withdrawalReject').config, schema: schemas.withdrawalReject }, async (request) => {
    const w = await refusing(() => rejectWithdrawal(db, { id: request.params.id, reason: request.body.reason, fourEyesThreshold: threshold, ...actedNow(request) }));
    return ok(request, decisionView(w));
  });

  // ---- community posts ----
  app.get(routeOf('posts').url, { config: routeOf('posts').config, schema: schemas.posts }, async (request) => {
    const { total, rows } = await pendingPosts(db, request.query);
    const links = await fileLinks(app, request, { staff: request.staff!.id });
    return ok(request, { total, list: rows.map(({ imageIds, ...r }) => ({ ...r, urls: imageIds.map(links.signed) })) });
  });
  app.post(routeOf('postPass').url, { config: routeOf('postPass').config, schema: schemas.postPass }, async (request) => {
    const p = await refusing(() => reviewPost(db, { id: request.params.id, decision: 'pass', ...actedNow(request) }));
    return ok(request, { id: p.id, status: 'Passed' as const });
  });
  app.post(routeOf('postFail').url, { config: routeOf('postFail').config, schema: schemas.postFail }, async (request) => {
    const p = await refusing(() => reviewPost(db, { id: request.params.id, decision: 'fail', reason: request.body.reason, ...actedNow(request) }));
    return ok(request, { id: p.id, status: 'Failed' as const });
  });

  // ---- join-group screenshots and video links ----
  app.get(routeOf('submissions').url, { config: routeOf('submissions').config, schema: schemas.submissions }, async (request) => {
    const links = await fileLinks(app, request, { staff: request.staff!.id });
    const { total, rows } = await pendingSubmissions(db.kysely, request.query, links.signed);
    return ok(request, { total, list: rows.map((r) => ({ ...r, kind: r.kind as 'joingroup' | 'video' })) });
  });
  app.post(routeOf('submissionPass').url, { config: routeOf('submissionPass').config, schema: schemas.submissionPass }, async (request) => {
    const r = await refusing(() => reviewSubmission(db, { id: request.params.id, decision: 'pass', ...actedNow(request) }));
    return ok(request, { id: r.id, status: r.status });
  });
  app.post(routeOf('submissionFail').url, { config: routeOf('submissionFail').config, schema: schemas.submissionFail }, async (request) => {
    const r = await refusing(() => reviewSubmission(db, { id: request.params.id, decision: 'fail', reason: request.body.reason, ...actedNow(request) }));
    return ok(request, { id: r.id, status: r.status });
  });

  // ---- feedback ----
  app.get(routeOf('feedback').url, { config: routeOf('feedback').config, schema: schemas.feedback }, async (request) => {
    const { total, rows } = await openFeedback(db.kysely, request.query);
    const links = await fileLinks(app, request, { staff: request.staff!.id });
    // Attachments from before the file storage (a file name with a dot) are only saved with feedback:attachment.
    const attachment = (name: string | null) => (name && !name.includes('.') ? links.signed(name) : null);
    return ok(request, { total, list: rows.map((f) => ({ id: f.id, phone: f.phone, content: f.content, attachment: attachment(f.attachment), createdAt: f.created_at })) });
  });
  app.post(routeOf('feedbackReply').url, { config: routeOf('feedbackReply').config, schema: schemas.feedbackReply }, async (request) => {
    const f = await refusing(() => replyToFeedback(db.kysely, { id: request.params.id, text: request.body.text, ...actedNow(request) }));
    return ok(request, { id: f.id });
  });

  // ---- money: fund the revenue pool or the rewards budget (idempotent per requestId) ----
  app.post(routeOf('fundPool').url, { config: routeOf('fundPool').config, schema: schemas.fundPool }, async (request) => {
    const { amount, reason, requestId } = request.body;
    const t = await refusing(() => fundPool(db, { amount, reason, key: `mining-revenue:console:${requestId}`, at: deps.clock(), actor: actedBy(request) }));
    return ok(request, { transferId: t.id, amount: t.amount.toString(), rewardsPaid: 0 });
  });
  app.post(routeOf('fundRewards').url, { config: routeOf('fundRewards').config, schema: schemas.fundRewards }, async (request) => {
    const { amount, reason, requestId } = request.body;
    const r = await refusing(() => fundRewardsBudget(db, { amount, reason, key: `rewards-funding:console:${requestId}`, at: deps.clock(), actor: actedBy(request) }));
    return ok(request, { transferId: r.transfer.id, amount: r.transfer.amount.toString(), rewardsPaid: r.payout.paid });
  });

  app.post(routeOf('fundPromotions').url, { config: routeOf('fundPromotions').config, schema: schemas.fundPromotions }, async (request) => {
    const { amount, reason, requestId } = request.body;
    const t = await refusing(() => fundPromotions(db, { amount, reason, key: `promotions-funding:console:${requestId}`, at: deps.clock(), actor: actedBy(request) }));
    return ok(request, { transferId: t.id, amount: t.amount.toString(), rewardsPaid: 0 });
  });

  // ---- audit log ----
  app.get(routeOf('audit').url, { config: routeOf('audit').config, schema: schemas.audit }, async (request) => ok(request, await auditLog(db.kysely, request.query)));

  // ---- the console's areas, each in its own module ----
  memberRoutes(fastify);
  contentRoutes(fastify);
  moneyRoutes(fastify);
  catalogueRoutes(fastify);
}
