import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { messageFormSchema, orderFormSchema } from './message-forms';

/** The message and order forms' browser-side checks, fetched when a form is first touched (see lazy-validation.ts). */
export const validateMessage = (formData: FormData) => parseWithZod(formData, { schema: messageFormSchema });
export const validateOrder = (formData: FormData) => parseWithZod(formData, { schema: orderFormSchema });
