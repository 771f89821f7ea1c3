/** Login, registration, codes, passwords and the member's own profile (host /api/user). */
import { AUTH, errors, MESSAGE, NoData, NoFields, Nullable, Ok, Text, Time, Type, type Static } from './common';

const tags = ['accounts'];
const Phone = () =>
  Text(32, { [MESSAGE]: 'phoneInvalid', description: 'The national number as typed (with `country`), or the whole number with its + prefix; stored in E.164.' });
const CountryField = () =>
  Type.Optional(Text(2, { [MESSAGE]: 'phoneInvalid', description: "The country picked beside the number (ISO code from auth/countrys, e.g. IN); the deployment's default when absent." }));
const NewPassword = () => Text(64, { [MESSAGE]: 'passwordRule' });
const Email = () => Text(254, { [MESSAGE]: 'emailInvalid', description: 'An email address, as typed.' });

export const LoginData = Type.Object({
  userId: Type.String(),
  headUrl: Nullable(Type.String()),
  phone: Type.String(),
  name: Type.String(),
  shareCode: Type.String(),
  createTime: Time(),
  invitateCode: Type.String(),
  markHeadbgUrl: Nullable(Type.String()),
  markText: Nullable(Type.String()),
  timezoneType: Nullable(Type.Integer()),
});
export type LoginData = Static<typeof LoginData>;

export const UserInfo = Type.Object({
  userId: Type.String(),
  phone: Type.String(),
  name: Type.String(),
  headUrl: Nullable(Type.String()),
  grade: Type.Integer(),
  gradeText: Type.String(),
  invitateCode: Type.String(),
  upInviteCode: Nullable(Type.String({ description: "The inviter's invite code." })),
  shareCode: Type.String(),
  num: Type.Integer({ description: 'Direct invitees.' }),
  markHeadbgUrl: Nullable(Type.String()),
  markText: Nullable(Type.String()),
  timezoneType: Nullable(Type.Integer()),
});
export type UserInfo = Static<typeof UserInfo>;

export const Captcha = Type.Object({ captchaId: Type.String(), svg: Type.String({ description: 'An SVG image of the code.' }) });
export type Captcha = Static<typeof Captcha>;
export const Country = Type.Object({ code: Type.String({ examples: ['+91'] }), region: Type.String({ examples: ['IN'], description: 'What the forms send as country.' }), name: Type.String() });
export type Country = Static<typeof Country>;
export const ShareInfo = Type.Object({ shareUrl: Type.String(), inviteCode: Type.String() });
export type ShareInfo = Static<typeof ShareInfo>;
export const EmailBinding = Type.Object({ email: Nullable(Type.String({ description: 'The bound address (lower case), or null when none is bound.' })) });
export type EmailBinding = Static<typeof EmailBinding>;

export const LoginBody = Type.Object({ phone: Text(32), country: CountryField(), password: Text(128) });
export const CodeBody = Type.Object({ phone: Phone(), country: CountryField(), captchaId: Text(64), captchaCode: Text(16) });
export const RegisterBody = Type.Object({
  phone: Phone(),
  country: CountryField(),
  password: NewPassword(),
  confirmPassword: Text(64),
  inviteCode: Text(32),
  smsCode: Text(16),
});
export const ResetPasswordBody = Type.Object({ phone: Phone(), country: CountryField(), smsCode: Text(16), password: NewPassword(), confirmPassword: Text(64) });
export const UpdatePasswordBody = Type.Object({ oldPassword: Text(128), password: NewPassword(), confirmPassword: Text(64) });
export const LogoutBody = Type.Object({ token: Text(256, { description: 'Another token of the same member to end as well.' }) });
export const PhoneBody = Type.Object({ phone: Phone(), country: CountryField() });
export const RenameBody = Type.Object({ name: Text(256, { [MESSAGE]: 'nameInvalid' }) });
export const EmailCodeBody = Type.Object({ email: Email() });
export const BindEmailBody = Type.Object({ email: Email(), code: Text(16) });

export const accountSchemas = {
  login: { tags, summary: 'Log in with phone and password; the session token is in msg', body: LoginBody, response: { 200: Ok(LoginData, 'The session token (X-Access-Token).'), ...errors() } },
  captcha: { tags, summary: 'A new image captcha', response: { 200: Ok(Captcha), ...errors() } },
  sendCode: { tags, summary: 'Send an SMS code (after a captcha)', body: CodeBody, response: { 200: Ok(NoData), ...errors(409) } },
  register: { tags, summary: 'Register with an SMS code', body: RegisterBody, response: { 200: Ok(NoData), ...errors(409) } },
  resetPassword: { tags, summary: 'Set a new login password with an SMS code', body: ResetPasswordBody, response: { 200: Ok(NoData), ...errors() } },
  updatePassword: { tags, summary: 'Change the login password', body: UpdatePasswordBody, response: { 200: Ok(NoData), ...errors(...AUTH) } },
  logout: { tags, summary: 'End this session', body: LogoutBody, response: { 200: Ok(NoData), ...errors(...AUTH) } },
  countries: { tags, summary: 'Phone prefixes of the markets served', response: { 200: Ok(Type.Array(Country)), ...errors() } },
  isValidAccount: { tags, summary: 'Whether a phone is registered', body: PhoneBody, response: { 200: Ok(Type.Object({ registered: Type.Boolean() })), ...errors() } },
  userInfo: { tags, summary: "The member's profile", response: { 200: Ok(Nullable(UserInfo)), ...errors(...AUTH) } },
  rename: { tags, summary: 'Change the display name', body: RenameBody, response: { 200: Ok(NoData), ...errors(...AUTH) } },
  shareInfo: { tags, summary: "The member's invite link", body: NoFields, response: { 200: Ok(ShareInfo), ...errors(...AUTH) } },
  email: { tags, summary: "The member's bound email", response: { 200: Ok(EmailBinding), ...errors(...AUTH) } },
  emailCode: { tags, summary: 'Send a code to an email address, to bind it', body: EmailCodeBody, response: { 200: Ok(NoData), ...errors(...AUTH, 409) } },
  bindEmail: { tags, summary: 'Bind the email address a code was sent to', body: BindEmailBody, response: { 200: Ok(EmailBinding), ...errors(...AUTH, 409) } },
} as const;
