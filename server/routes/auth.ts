import { eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, resetLinkSchema, signupSchema } from '#rules/account-schemas.ts';
import { LANGUAGES } from '#rules/i18n/languages.ts';
import { MSG } from '#rules/messages.ts';
import { normalisePhone } from '#rules/phone.ts';
import { isCommonPassword } from '#server/auth/common-passwords.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { isResetTokenValid, userIdFromUid } from '#server/auth/reset-tokens.ts';
import { endLogin, ROTATION_GRACE_SECONDS, rotate, startLogin } from '#server/auth/sessions.ts';
import { issueTokens, passwordFingerprint, readRefreshToken } from '#server/auth/tokens.ts';
import { users } from '#server/db/schema.ts';
import { ApiError, badRequest, detailError } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { productsByShop, shopsOfOwner } from '#server/shops/queries.ts';
import { shopAnswerSchema, shopJson } from '#server/shops/shop-json.ts';
import { ownPhoneVerified, userJson, userJsonSchema } from '#server/users/user-json.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.array(z.string()));
const tokenPair = z.object({ access: z.string(), refresh: z.string() });
const sessionSchema = z.object({ user: userJsonSchema, token: tokenPair });
const refreshBody = z.object({ refresh: z.string({ error: MSG.fieldRequired }).min(1, MSG.fieldRequired).max(2_000, MSG.refreshInvalid) });
const tokenRefused = z.object({ detail: z.string(), code: z.string() });
/** The older client sends `password`; docs/api.md §3 names it `new_password`. */
const confirmBody = resetLinkSchema.extend({ new_password: z.string().optional(), password: z.string().optional() });

type UserRow = typeof users.$inferSelect;

const ownShopJsonSchema = shopAnswerSchema.extend({
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable().describe('ext: set while a moderator hides the shop from visitors'),
  ad_ended_at: z.string().nullable().describe('ext: when its last ad ended, once it has; null while one runs or if it never had one'),
  sms_alerts: z.boolean().describe('ext: whether a buyer writing texts the shop’s number; only its owner sees it'),
});
const hiddenJson = (shop: { hiddenAt: Date | null; hiddenReason: string | null }) =>
  shop.hiddenAt ? { at: shop.hiddenAt.toISOString(), reason: shop.hiddenReason ?? '' } : null;
const adEndedAt = (shop: { sponsoredUntil: Date | null }, now: Date) =>
  shop.sponsoredUntil && shop.sponsoredUntil <= now ? shop.sponsoredUntil.toISOString() : null;

function isUniqueViolation(error: unknown): error is { constraint?: string; constraint_name?: string } {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return typeof cause === 'object' && cause !== null && (cause as { code?: string }).code === '23505';
}

export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.jwtSecret;

  async function session(user: UserRow) {
    const login = await startLogin(app.db, user.id);
    return {
      user: userJson(user, await ownPhoneVerified(app.db, user)),
      token: await issueTokens(secret, { userId: user.id, passwordHash: user.passwordHash, ...login }),
    };
  }

  const refreshRefused = () => new ApiError(401, { detail: MSG.refreshInvalid, code: 'token_not_valid' });

  /** The account a login names; an email wins over a username that happens to read the same. */
  async function accountNamed(name: string): Promise<UserRow | undefined> {
    const login = name.toLowerCase();
    const [user] = await app.db
      .select()
      .from(users)
      .where(or(sql`lower(${users.email}) = ${login}`, sql`lower(${users.username}) = ${login}`))
      .orderBy(sql`lower(${users.email}) = ${login} desc`)
      .limit(1);
    return user;
  }

  const loginAccounts = new WeakMap<FastifyRequest, UserRow | undefined>();

  async function findUserByUid(uid: string): Promise<UserRow | undefined> {
    const id = userIdFromUid(uid);
    if (!isId(id)) return undefined;
    const [user] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  }

  app.post(
    '/auth/users',
    {
      preHandler: app.authLimit('signup', 'email'),
      schema: {
        tags: ['auth'],
        summary: 'Sign up (docs/product.md §5 rules); answers like login',
        body: signupSchema.extend({ language: z.enum(LANGUAGES).optional().describe('ext: the language the person was using the site in') }),
        response: { 201: sessionSchema, 400: fieldErrors, 429: detail },
      },
    },
    async (request, reply) => {
      const { email, username, phone_number, password, language } = request.body;
      const taken = await app.db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(or(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`lower(${users.username}) = ${username.toLowerCase()}`));
      const errors: Record<string, string[]> = {};
      if (taken.some((row) => row.email.toLowerCase() === email.toLowerCase())) errors.email = [MSG.emailTaken];
      if (taken.some((row) => row.username.toLowerCase() === username.toLowerCase())) errors.username = [MSG.usernameTaken];
      if (await isCommonPassword(password)) errors.password = [MSG.passwordTooCommon];
      if (Object.keys(errors).length) throw badRequest(errors);
      try {
        const [user] = await app.db
          .insert(users)
          .values({ email, username, phoneNumber: normalisePhone(phone_number), passwordHash: await hashPassword(password), language })
          .returning();
        return reply.code(201).send(await session(user!));
      } catch (error) {
        // Two sign-ups racing for the same name: the database's unique index decides.
        if (!isUniqueViolation(error)) throw error;
        const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
        throw constraint.includes('email') ? badRequest({ email: [MSG.emailTaken] }) : badRequest({ username: [MSG.usernameTaken] });
      }
    },
  );

  app.post(
    '/auth/login',
    {
      // One account has one allowance, whether named by its username or its email.
      preHandler: app.authLimit('login', async (request) => {
        const name = (request.body as { username_or_email: string }).username_or_email.trim();
        const user = await accountNamed(name);
        loginAccounts.set(request, user);
        return user ? `account:${user.id}` : `name:${name.toLowerCase()}`;
      }),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username or email',
        body: loginSchema,
        response: { 200: sessionSchema, 400: fieldErrors, 401: detail, 429: detail },
      },
    },
    async (request) => {
      const user = loginAccounts.get(request);
      const matches = await verifyPassword(request.body.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
      if (!user || !matches) throw detailError(401, MSG.wrongCredentials);
      return session(user);
    },
  );

  app.post(
    '/auth/token/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renew the tokens (ext): the refresh token rotates, and one used twice ends its login',
        description: `Answers a new refresh token beside the new access token; the one sent stops working. Within ${ROTATION_GRACE_SECONDS} s of a rotation the token it replaced still answers (two tabs renewing at once); after that, using it again ends the whole login.`,
        body: refreshBody,
        response: { 200: tokenPair, 400: fieldErrors, 401: tokenRefused },
      },
    },
    async (request) => {
      const claims = await readRefreshToken(secret, request.body.refresh);
      if (!claims) throw refreshRefused();
      const [user] = await app.db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
      if (!user || passwordFingerprint(secret, user.passwordHash) !== claims.fingerprint) throw refreshRefused();
      const rotation = await rotate(app.db, claims);
      if (rotation.outcome === 'reused') request.log.warn({ userId: user.id }, 'a refresh token was used twice; its login is ended');
      if (rotation.outcome !== 'rotated') throw refreshRefused();
      const { generation, expiresAt } = rotation;
      return issueTokens(secret, { userId: user.id, passwordHash: user.passwordHash, sessionId: claims.sessionId, generation, expiresAt });
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out (ext): ends the login of this refresh token, with every access and refresh token of it',
        description: 'The refresh token names the login, so an expired access token does not stop a sign-out; ending a login already ended answers 204 too.',
        security: [{ bearer: [] }, {}],
        body: refreshBody,
        response: { 204: z.null(), 400: fieldErrors, 401: tokenRefused },
      },
    },
    async (request, reply) => {
      const claims = await readRefreshToken(secret, request.body.refresh);
      if (!claims) throw refreshRefused();
      await endLogin(app.db, claims);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with their shops; `hidden` says when and why a moderator hid one, `ad_ended_at` when its last ad ended (ext)',
        security: [{ bearer: [] }],
        response: { 200: userJsonSchema.extend({ shops: z.array(ownShopJsonSchema) }), 401: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const shops = await shopsOfOwner(app.db, user.id);
      const products = await productsByShop(
        app.db,
        shops.map((shop) => shop.id),
      );
      // The owner's own shops: a hidden one's photos come with links only they can open.
      const links = app.mediaLinks(true);
      const now = app.clock();
      return {
        ...userJson(user, await ownPhoneVerified(app.db, user)),
        shops: shops.map((shop) => ({
          ...shopJson(shop, links, products.get(shop.id), now),
          hidden: hiddenJson(shop),
          ad_ended_at: adEndedAt(shop, now),
          sms_alerts: shop.smsAlerts,
        })),
      };
    },
  );

  app.post(
    '/auth/password-reset/request',
    {
      preHandler: app.authLimit('reset-request', 'email'),
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link; the same answer whether or not the email is known',
        body: forgotPasswordSchema,
        response: { 200: z.object({ message: z.string() }), 400: fieldErrors, 429: detail },
      },
    },
    async (request) => {
      // The same work whether or not the address has an account, so timing tells nothing.
      await app.mailQueue.requestPasswordReset(request.body.email);
      return { message: MSG.resetRequestSent };
    },
  );

  app.post(
    '/auth/password-reset/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a reset link before asking for the new password',
        body: resetLinkSchema,
        response: { 200: z.object({ valid: z.literal(true) }), 400: z.union([detail, fieldErrors]) },
      },
    },
    async (request) => {
      const user = await findUserByUid(request.body.uid);
      if (!user || !isResetTokenValid(secret, user, request.body.token)) throw detailError(400, MSG.resetLinkInvalid);
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      preHandler: app.authLimit('reset', 'uid'),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; the link then stops working',
        body: confirmBody,
        response: { 200: z.object({ message: z.string() }), 400: z.union([detail, fieldErrors]), 429: detail },
      },
    },
    async (request) => {
      const { uid, token } = request.body;
      const checked = signupSchema.shape.password.safeParse(request.body.new_password ?? request.body.password);
      if (!checked.success) throw badRequest({ new_password: checked.error.issues.map((issue) => issue.message) });
      if (await isCommonPassword(checked.data)) throw badRequest({ new_password: [MSG.passwordTooCommon] });
      const user = await findUserByUid(uid);
      if (!user || !isResetTokenValid(secret, user, token)) throw detailError(400, MSG.resetLinkInvalid);
      const passwordHash = await hashPassword(checked.data);
      // Only the hash the link was made for may be replaced, so two racing confirms cannot both win.
      const updated = await app.db
        .update(users)
        .set({ passwordHash })
        .where(sql`${users.id} = ${user.id} and ${users.passwordHash} = ${user.passwordHash}`)
        .returning({ id: users.id });
      if (!updated.length) throw detailError(400, MSG.resetLinkInvalid);
      return { message: MSG.passwordResetDone };
    },
  );
};
