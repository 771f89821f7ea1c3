import { invitationSchemas, rewardSchemas, submissionSchemas, signSchemas, teamSchemas as schemas } from '@rigshare/api-schema';
import { TEAM_LEVELS } from '@rigshare/domain';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { fileLinks, readImageForm, type DecodedImage, type UploadForm } from '../files';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { translate } from '../../i18n';
import { claimRegisterReward, memberRewards, registerRewardStatus } from './register-reward';
import { invitedFloor, invitedFloors, lowerIncome } from './invitation';
import { inviteMessage, teamInfo, teamList } from './service';
import { submissionState, submitScreenshot, submitVideoLink } from './submissions';

import { signIn, signRecord, signStatus } from './sign-in';

/** joinGroup/upload's multipart body: one part "image" of at most 2 MB, decoded by the one intake. */
const SCREENSHOT_FORM: UploadForm = { field: 'image', maxFiles: 1, maxBytes: IMAGE_UPLOAD_LIMIT_BYTES, tooLarge: 'fileTooLarge' };

async function readScreenshot(request: FastifyRequest): Promise<DecodedImage> {
  const [image] = (await readImageForm(request, SCREENSHOT_FORM)).images;
  if (!image) throw new AppError(400, 'screenshotMissing');
  return image;
}

/** The team (host /api/user): info, the invite message, the three level lists and the daily sign-in. */
export async function teamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.get('/team/info', { ...auth, schema: schemas.teamInfo }, async (request) => ok(request, await teamInfo(deps, request.member!.id)));
  app.get('/queryInviteMsg', { ...auth, schema: schemas.inviteMessage }, async (request) => ok(request, await inviteMessage(deps, request.member!.id, request.locale)));

  for (const level of TEAM_LEVELS) {
    app.get(`/team/list-${level.toLowerCase()}`, { ...auth, schema: schemas.teamList }, async (request) =>
      ok(request, await teamList(deps.db.kysely, request.member!.id, level, request.query)),
    );
  }

  // Invitation centre (floor 1..3 = level A..C) and lower-level income.
  app.post('/share/invited/floor/num', { ...auth, schema: invitationSchemas.floorNum }, async (request) => ok(request, await invitedFloors(deps, request.member!.id)));
  app.post('/share/invited/floor', { ...auth, schema: invitationSchemas.floor }, async (request) =>
    ok(request, await invitedFloor(deps.db.kysely, request.member!.id, request.body.floor, request.body)),
  );
  app.get('/team/income', { ...auth, schema: invitationSchemas.lowerIncome }, async (request) =>
    ok(request, await lowerIncome(deps.db.kysely, request.member!.id, request.query, request.query.kind)),
  );

  // Join-group screenshot and video-share link, reviewed by staff (admin team:reviews / team:pass / team:fail).
  /** The member's own screenshot is private: its link is signed for them. */
  const links = (request: FastifyRequest) => fileLinks(app, request, { member: request.member!.id });
  app.get('/joinGroup/status', { ...auth, schema: submissionSchemas.joinGroupStatus }, async (request) =>
    ok(request, await submissionState(deps, request.member!.id, 'joingroup', await links(request))),
  );
  app.post('/joinGroup/upload', { ...auth, schema: submissionSchemas.joinGroupUpload }, async (request) => {
    await submitScreenshot(deps, request.member!.id, await readScreenshot(request));
    return ok(request, await submissionState(deps, request.member!.id, 'joingroup', await links(request)), translate(request.locale, 'submissionSent'));
  });
  app.get('/shareLink/status', { ...auth, schema: submissionSchemas.shareLinkStatus }, async (request) =>
    ok(request, await submissionState(deps, request.member!.id, 'video', await links(request))),
  );
  app.post('/shareLink/submit', { ...auth, schema: submissionSchemas.shareLinkSubmit }, async (request) => {
    await submitVideoLink(deps, request.member!.id, request.body.url);
    return ok(request, await submissionState(deps, request.member!.id, 'video', await links(request)), translate(request.locale, 'submissionSent'));
  });

  app.post('/app/user/sign', { ...auth, schema: signSchemas.signIn }, async (request) =>
    ok(request, await signIn(deps, request.member!.id, request.body.timeZone), translate(request.locale, 'signedIn')),
  );
  app.post('/app/user/queryTodaySignStatus', { ...auth, schema: signSchemas.signStatus }, async (request) =>
    ok(request, await signStatus(deps, request.member!.id, request.body.timeZone)),
  );
  app.post('/app/user/querySignRecord', { ...auth, schema: signSchemas.signRecord }, async (request) =>
    ok(request, await signRecord(deps, request.member!.id, request.body.month)),
  );

  app.get('/registerReward/query', { ...auth, schema: rewardSchemas.registerRewardQuery }, async (request) =>
    ok(request, await registerRewardStatus(deps.db.kysely, request.member!.id)),
  );
  // SPEC.md lists GET; a claim moves money, so it is a POST here (docs/team-rewards.md).
  app.post('/registerReward/receive', { ...auth, schema: rewardSchemas.registerRewardReceive }, async (request) =>
    ok(request, await claimRegisterReward(deps, request.member!.id), translate(request.locale, 'rewardClaimed')),
  );
  app.get('/reward/list', { ...auth, schema: rewardSchemas.rewardList }, async (request) =>
    ok(request, await memberRewards(deps.db.kysely, request.member!.id, request.query)),
  );
}
