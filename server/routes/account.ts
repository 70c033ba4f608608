import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletionSchema, passwordChangeSchema, profileSchema } from '#rules/account-schemas.ts';
import { LANGUAGES } from '#rules/i18n/languages.ts';
import { MSG } from '#rules/messages.ts';
import { normalisePhone } from '#rules/phone.ts';
import { isCommonPassword } from '#server/auth/common-passwords.ts';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { issueTokens } from '#server/auth/tokens.ts';
import { sessions, users } from '#server/db/schema.ts';
import { badRequest, notAuthenticated } from '#server/errors.ts';
import { removeAfterCommit } from '#server/media/upload-batch.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { dataExport, dataExportSchema } from '#server/users/data-export.ts';
import { deleteAccount } from '#server/users/delete-account.ts';
import { ownPhoneVerified, userJson, userJsonSchema } from '#server/users/user-json.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.array(z.string()));
const tokenPair = z.object({ access: z.string(), refresh: z.string() });
/** The three fields and room for whitespace; anything larger is refused unread. */
const ACCOUNT_BODY_MAX_BYTES = 4096;

const mailAlertsSchema = z.object({
  message_mail: z.boolean().describe('Email me when someone writes in one of my threads'),
  renewal_mail: z.boolean().describe('Email me before one of my ads ends'),
});
const languageSchema = z.object({ language: z.enum(LANGUAGES).describe('One of en, ha, yo, ig, pcm') });
/** `{"message_mail":false,"renewal_mail":false}` and room for whitespace; a language's body is smaller. */
const ALERTS_BODY_MAX_BYTES = 1024;

function uniqueViolation(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause;
  return cause?.code === '23505' ? String(cause.constraint ?? '') : undefined;
}

/** Settings (issue 31): a person's own account, its sign-ins and a copy of their data; none of it is public. */
export const accountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.jwtSecret;

  /** Only the caller's login: an access token always names one once `authenticate` has run. */
  function loginOf(request: { loginId: string | null }): string {
    if (!request.loginId) throw notAuthenticated();
    return request.loginId;
  }

  async function endOtherLogins(userId: string, loginId: string): Promise<number> {
    const ended = await app.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, loginId)))
      .returning({ id: sessions.id });
    return ended.length;
  }

  app.put(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      // Not a private write: reviews show their writer's username in the public lists.
      bodyLimit: ACCOUNT_BODY_MAX_BYTES,
      schema: {
        tags: ['auth'],
        summary: 'Change the username, email and phone number (ext), under the signup rules; a name another account holds is a 400 on its field',
        security: [{ bearer: [] }],
        body: profileSchema,
        response: { 200: userJsonSchema, 400: fieldErrors, 401: detail, 413: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { email, username, phone_number } = request.body;
      const taken = await app.db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(and(ne(users.id, user.id), or(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`lower(${users.username}) = ${username.toLowerCase()}`)));
      const errors: Record<string, string[]> = {};
      if (taken.some((row) => row.email.toLowerCase() === email.toLowerCase())) errors.email = [MSG.emailTaken];
      if (taken.some((row) => row.username.toLowerCase() === username.toLowerCase())) errors.username = [MSG.usernameTaken];
      if (Object.keys(errors).length) throw badRequest(errors);
      try {
        const [saved] = await app.db
          .update(users)
          .set({ email, username, phoneNumber: normalisePhone(phone_number) })
          .where(eq(users.id, user.id))
          .returning();
        return userJson(saved!, await ownPhoneVerified(app.db, saved!));
      } catch (error) {
        // Two accounts racing for the same name: the database's unique index decides.
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        throw constraint.includes('email') ? badRequest({ email: [MSG.emailTaken] }) : badRequest({ username: [MSG.usernameTaken] });
      }
    },
  );

  app.post(
    '/auth/password/change',
    {
      onRequest: app.authenticate,
      // Guessing the current password from a stolen sign-in meets the same limit as guessing at login.
      preHandler: app.authLimit('password-change', async (request) => `account:${request.user?.id ?? ''}`),
      bodyLimit: ACCOUNT_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['auth'],
        summary: 'Change the password with the current one (ext); every other sign-in of the account ends',
        description:
          'Tokens carry a fingerprint of the password, so the caller’s own tokens stop working too: the answer is a new pair for the same sign-in, which the caller keeps.',
        security: [{ bearer: [] }],
        body: passwordChangeSchema,
        response: { 200: tokenPair, 400: fieldErrors, 401: detail, 413: detail, 429: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const loginId = loginOf(request);
      const { current_password, new_password } = request.body;
      if (!(await verifyPassword(current_password, user.passwordHash))) throw badRequest({ current_password: [MSG.currentPasswordWrong] });
      if (await isCommonPassword(new_password)) throw badRequest({ new_password: [MSG.passwordTooCommon] });
      const passwordHash = await hashPassword(new_password);
      const login = await app.db.transaction(async (tx) => {
        // Only the hash just checked may be replaced, so two racing changes cannot both win.
        const updated = await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
          .returning({ id: users.id });
        if (!updated.length) throw badRequest({ current_password: [MSG.currentPasswordWrong] });
        await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, loginId)));
        const [current] = await tx.select({ generation: sessions.generation, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, loginId));
        return current;
      });
      if (!login) throw notAuthenticated();
      return issueTokens(secret, { userId: user.id, passwordHash, sessionId: loginId, ...login });
    },
  );

  app.post(
    '/auth/account/delete',
    {
      onRequest: app.authenticate,
      // Guessing the password from a stolen sign-in meets the same limit as the password change.
      preHandler: app.authLimit('account-delete', async (request) => `account:${request.user?.id ?? ''}`),
      bodyLimit: ACCOUNT_BODY_MAX_BYTES,
      // Not a private write: the account's shops and reviews leave the public lists.
      schema: {
        tags: ['auth'],
        summary: 'Delete the account with its password (ext): its shops, products, photos, ratings, saved shops and sign-ins go at once',
        description:
          'One transaction (decision 079). Threads stay readable to the other side, whose `other_name` then reads "a deleted account" and who can no longer write in them; the username and email are free again. A running ad is not refunded. A wrong password is a 400 on `current_password` and deletes nothing.',
        security: [{ bearer: [] }],
        body: accountDeletionSchema,
        response: { 204: z.null(), 400: fieldErrors, 401: detail, 413: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      if (!(await verifyPassword(request.body.current_password, user.passwordHash))) throw badRequest({ current_password: [MSG.currentPasswordWrong] });
      // Only the hash just checked: a password changed meanwhile deletes nothing.
      const gone = await deleteAccount(app.db, user.id, user.passwordHash);
      if (!gone) throw badRequest({ current_password: [MSG.currentPasswordWrong] });
      await removeAfterCommit(app.storage, gone.images, request.log);
      if (gone.hiddenShops) await app.hiddenMedia.refresh();
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/auth/alerts',
    {
      onRequest: app.authenticate,
      bodyLimit: ALERTS_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['auth'],
        summary: 'Turn the account’s mail alerts on or off (ext): new messages in its threads, and its ads’ renewal reminders',
        security: [{ bearer: [] }],
        body: mailAlertsSchema,
        response: { 200: mailAlertsSchema, 400: fieldErrors, 401: detail, 413: detail },
      },
    },
    async (request) => {
      const { message_mail, renewal_mail } = request.body;
      await app.db
        .update(users)
        .set({ messageMailAlerts: message_mail, renewalMailAlerts: renewal_mail })
        .where(eq(users.id, signedIn(request).id));
      return { message_mail, renewal_mail };
    },
  );

  app.put(
    '/auth/language',
    {
      onRequest: app.authenticate,
      bodyLimit: ALERTS_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['auth'],
        summary: 'Choose the account’s language (ext): the site follows it at every sign-in',
        security: [{ bearer: [] }],
        body: languageSchema,
        response: { 200: languageSchema, 400: fieldErrors, 401: detail, 413: detail },
      },
    },
    async (request) => {
      const { language } = request.body;
      await app.db
        .update(users)
        .set({ language })
        .where(eq(users.id, signedIn(request).id));
      return { language };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      onRequest: app.authenticate,
      config: { privateWrite: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else (ext): every sign-in of the account but the caller’s ends, with all its tokens',
        security: [{ bearer: [] }],
        response: { 200: z.object({ ended: z.number().describe('How many other sign-ins ended') }), 401: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      return { ended: await endOtherLogins(user.id, loginOf(request)) };
    },
  );

  app.get(
    '/auth/data-export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Everything Kasuwa keeps of the caller, as one JSON document (ext)',
        description:
          'The account (no password hash, no tokens), their shops with products, ratings, saved shops, and their threads as buyer or shop with both sides’ messages, each marked `from` and `mine`.',
        security: [{ bearer: [] }],
        response: { 200: dataExportSchema, 401: detail },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // The owner's own shops: a hidden one's photos come with links only they can open.
      return dataExport(app.db, signedIn(request), app.mediaLinks(true), app.clock());
    },
  );
};
