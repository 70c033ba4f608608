import { z } from 'zod';
import { MESSAGE_MAX } from './limits';
import { MSG } from './messages';
import { requiredText } from './text';

/** A message as the thread's form and the API take it: 1 to 2,000 characters of printable text. */
export const messageSchema = z.object({ body: requiredText(MSG.messageRequired, MESSAGE_MAX) });
