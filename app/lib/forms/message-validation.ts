import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { messageFormSchema } from './message-forms';

/** The message form's browser-side check, fetched when the form is first touched (see lazy-validation.ts). */
export const validateMessage = (formData: FormData) => parseWithZod(formData, { schema: messageFormSchema });
