import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isLanguage, LANGUAGES } from '#rules/i18n/languages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { type users, verifiedPhones } from '#server/db/schema.ts';

export const userJsonSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  phone_number: z.string(),
  date_joined: z.string(),
  is_moderator: z.boolean().describe('ext: whether the account may moderate (`npm run moderator`)'),
  message_mail_alerts: z.boolean().describe('ext: whether new messages in their threads are emailed to them'),
  renewal_mail_alerts: z.boolean().describe('ext: whether their ads’ renewal reminders are emailed to them'),
  language: z.enum(LANGUAGES).nullable().describe('ext: the language they chose for the site, followed at every sign-in; null until they choose'),
  phone_verified: z.boolean().describe('ext: whether they proved `phone_number` is theirs with a texted code'),
});

/** Whether the account's own number is one it proved. */
export async function ownPhoneVerified(db: Db | Tx, user: Pick<typeof users.$inferSelect, 'id' | 'phoneNumber'>): Promise<boolean> {
  const [row] = await db
    .select({ phone: verifiedPhones.phone })
    .from(verifiedPhones)
    .where(and(eq(verifiedPhones.userId, user.id), eq(verifiedPhones.phone, user.phoneNumber)))
    .limit(1);
  return row !== undefined;
}

export function userJson(user: typeof users.$inferSelect, phoneVerified: boolean): z.infer<typeof userJsonSchema> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    phone_number: user.phoneNumber,
    date_joined: user.dateJoined.toISOString(),
    is_moderator: user.isModerator,
    message_mail_alerts: user.messageMailAlerts,
    renewal_mail_alerts: user.renewalMailAlerts,
    language: isLanguage(user.language) ? user.language : null,
    phone_verified: phoneVerified,
  };
}
