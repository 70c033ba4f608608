import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneCodeRequestSchema, phoneVerificationSchema } from '#rules/account-schemas.ts';
import { sayerIn } from '#rules/i18n/say.ts';
import { PHONE_CODE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { normalisePhone } from '#rules/phone.ts';
import type { Tx } from '#server/db/client.ts';
import { phoneCodes, shops, smsOutbox, verifiedPhones } from '#server/db/schema.ts';
import { badRequest, detailError } from '#server/errors.ts';
import { signedIn } from '#server/plugins/auth.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.array(z.string()));
/** A number, a code and room for whitespace; anything larger is refused unread. */
const PHONE_BODY_MAX_BYTES = 1024;

const codeSentSchema = z.object({
  phone_number: z.string().describe('The number texted, as +234…'),
  expires_at: z.string().describe(`When the code stops working, ${PHONE_CODE.minutes} minutes after it was sent`),
});
const verifiedPhoneSchema = z.object({ phone_number: z.string().describe('As +234…'), verified_at: z.string() });

/** Only a hash is kept: a copy of the database cannot verify anyone's number. The id salts it. */
function codeHash(id: string, code: string): Buffer {
  return createHash('sha256').update(`${id}:${code}`).digest();
}

/** Serialises sends for one account and for one number on every API process, so the hourly counts hold. */
async function lockSends(tx: Tx, userId: string, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone-codes:account:${userId}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone-codes:number:${phone}`}, 0))`);
}

const sentInTheLastHour = gt(phoneCodes.createdAt, sql`now() - interval '1 hour'`);

type Verdict = { verifiedAt: Date } | { error: string };

/** Phone verified (docs/decisions/084-phone-verification.md): an owner proves a number is theirs with a code texted to it. */
export const phoneVerificationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function isOwnNumber(user: { id: string; phoneNumber: string }, phone: string): Promise<boolean> {
    if (user.phoneNumber === phone) return true;
    const [shop] = await app.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.ownerId, user.id), eq(shops.phone, phone)))
      .limit(1);
    return shop !== undefined;
  }

  app.post(
    '/auth/phone-codes',
    {
      onRequest: app.authenticate,
      bodyLimit: PHONE_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['account'],
        summary: `Text a ${PHONE_CODE.digits}-digit code to the account's number or one of its shops' (ext); it works for ${PHONE_CODE.minutes} minutes and ends the number's earlier codes`,
        description: `At most ${PHONE_CODE.perNumberPerHour} codes an hour to one number and ${PHONE_CODE.perAccountPerHour} an hour for one account; more are a 429. Any other number is a 403, so nobody can have Kasuwa text a stranger.`,
        security: [{ bearer: [] }],
        body: phoneCodeRequestSchema,
        response: { 202: codeSentSchema, 400: fieldErrors, 401: detail, 403: detail, 413: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const phone = normalisePhone(request.body.phone_number);
      if (!(await isOwnNumber(user, phone))) throw detailError(403, MSG.phoneNotYours);
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
      const text = sayerIn(user.language, 'verification')('sms.phoneCode', { code, minutes: PHONE_CODE.minutes });
      const sent = await app.db.transaction(async (tx) => {
        await lockSends(tx, user.id, phone);
        const [byAccount] = await tx
          .select({ n: count() })
          .from(phoneCodes)
          .where(and(eq(phoneCodes.userId, user.id), sentInTheLastHour));
        const [byNumber] = await tx
          .select({ n: count() })
          .from(phoneCodes)
          .where(and(eq(phoneCodes.phone, phone), sentInTheLastHour));
        if (byAccount!.n >= PHONE_CODE.perAccountPerHour || byNumber!.n >= PHONE_CODE.perNumberPerHour) return null;
        await tx
          .update(phoneCodes)
          .set({ expiresAt: sql`now()` })
          .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.phone, phone), gt(phoneCodes.expiresAt, sql`now()`)));
        const [row] = await tx
          .insert(phoneCodes)
          .values({
            id,
            userId: user.id,
            phone,
            codeHash: codeHash(id, code).toString('hex'),
            expiresAt: sql`now() + make_interval(mins => ${PHONE_CODE.minutes})`,
          })
          .returning({ expiresAt: phoneCodes.expiresAt });
        await tx.insert(smsOutbox).values({ kind: 'phone-code', recipient: phone, body: text });
        return row!;
      });
      if (!sent) throw detailError(429, MSG.phoneCodesTooMany);
      app.smsQueue.wake();
      return reply.code(202).send({ phone_number: phone, expires_at: sent.expiresAt.toISOString() });
    },
  );

  app.post(
    '/auth/verified-phones',
    {
      onRequest: app.authenticate,
      bodyLimit: PHONE_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['account'],
        summary: `Verify a number with the code texted to it (ext); its shops then show phone_verified while they call it`,
        description: `Only the number's latest code counts. Each wrong code is a 400 on \`code\` saying how many tries are left; the ${PHONE_CODE.wrongTries}th ends the code. An already verified number verifies again.`,
        security: [{ bearer: [] }],
        body: phoneVerificationSchema,
        response: { 201: verifiedPhoneSchema, 400: fieldErrors, 401: detail, 413: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const phone = normalisePhone(request.body.phone_number);
      const verdict = await app.db.transaction(async (tx): Promise<Verdict> => {
        const [latest] = await tx
          .select({ id: phoneCodes.id, codeHash: phoneCodes.codeHash, wrongTries: phoneCodes.wrongTries, live: sql<boolean>`${phoneCodes.expiresAt} > now()` })
          .from(phoneCodes)
          .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.phone, phone)))
          .orderBy(desc(phoneCodes.createdAt))
          .limit(1)
          .for('update');
        if (!latest?.live) return { error: MSG.phoneCodeExpired };
        if (latest.wrongTries >= PHONE_CODE.wrongTries) return { error: MSG.phoneCodeEnded };
        if (!timingSafeEqual(codeHash(latest.id, request.body.code), Buffer.from(latest.codeHash, 'hex'))) {
          const [tried] = await tx
            .update(phoneCodes)
            .set({ wrongTries: sql`${phoneCodes.wrongTries} + 1` })
            .where(eq(phoneCodes.id, latest.id))
            .returning({ wrongTries: phoneCodes.wrongTries });
          const left = PHONE_CODE.wrongTries - tried!.wrongTries;
          return { error: left > 0 ? MSG.phoneCodeWrong(left) : MSG.phoneCodeEnded };
        }
        // Used once: the same code cannot verify again.
        await tx.update(phoneCodes).set({ expiresAt: sql`now()` }).where(eq(phoneCodes.id, latest.id));
        const [verified] = await tx
          .insert(verifiedPhones)
          .values({ userId: user.id, phone })
          .onConflictDoUpdate({ target: [verifiedPhones.userId, verifiedPhones.phone], set: { verifiedAt: sql`now()` } })
          .returning({ verifiedAt: verifiedPhones.verifiedAt });
        return { verifiedAt: verified!.verifiedAt };
      });
      // Outside the transaction, so a wrong try stays counted.
      if ('error' in verdict) throw badRequest({ code: [verdict.error] });
      return reply.code(201).send({ phone_number: phone, verified_at: verdict.verifiedAt.toISOString() });
    },
  );
};
