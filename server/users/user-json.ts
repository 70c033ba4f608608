import { z } from 'zod';
import type { users } from '#server/db/schema.ts';

export const userJsonSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  phone_number: z.string(),
  date_joined: z.string(),
  is_moderator: z.boolean().describe('ext: whether the account may moderate (`npm run moderator`)'),
});

export function userJson(user: typeof users.$inferSelect): z.infer<typeof userJsonSchema> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    phone_number: user.phoneNumber,
    date_joined: user.dateJoined.toISOString(),
    is_moderator: user.isModerator,
  };
}
