import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { forgotPasswordSchema, loginSchema, resetPasswordFormSchema, signupSchema } from '#app/lib/forms/account-forms.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { MSG } from '#rules/messages.ts';

/** The messages a form shows for `fields` as typed, parsed the way both the browser and the action do. */
function messagesFor(schema: z.ZodObject, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  return Object.fromEntries(Object.entries(submission.reply().error ?? {}).map(([name, messages]) => [name, messages?.join(', ')]));
}

const validSignup = { email: 'ada@example.ng', username: 'ada', phone_number: '08031234567', password: 'kasuwa-pass-1' };

describe('the account forms say what docs/product.md §5 says', () => {
  it('login: both fields are required', () => {
    expect(messagesFor(loginSchema, { username_or_email: '', password: '' })).toEqual({
      username_or_email: MSG.usernameOrEmailRequired,
      password: MSG.passwordRequired,
    });
    expect(messagesFor(loginSchema, { username_or_email: 'ada', password: 'x' })).toEqual({});
  });

  it('signup: every field is required', () => {
    expect(messagesFor(signupSchema, { email: '', username: ' ', phone_number: '', password: '' })).toEqual({
      email: MSG.emailRequired,
      username: MSG.usernameRequired,
      phone_number: MSG.phoneRequired,
      password: MSG.passwordRequired,
    });
  });

  it('signup: a bad value of each field gets its own message', () => {
    expect(messagesFor(signupSchema, { email: 'ada@example', username: 'ab', phone_number: '0803123', password: '12345' })).toEqual({
      email: MSG.emailInvalid,
      username: MSG.usernameMin,
      phone_number: MSG.phoneInvalid,
      password: MSG.passwordMin,
    });
  });

  it.each(['08031234567', '+2348031234567', '0803 123 4567', '+234 803-123-4567', '2348031234567', '+234 0803 123 4567'])(
    'signup: accepts the phone number %s',
    (phone) => {
      expect(messagesFor(signupSchema, { ...validSignup, phone_number: phone })).toEqual({});
    },
  );

  it.each(['8031234567', '0803123456', '+23480312345678', '234803123456', '0803123456a'])('signup: refuses the phone number %s', (phone) => {
    expect(messagesFor(signupSchema, { ...validSignup, phone_number: phone })).toEqual({ phone_number: MSG.phoneInvalid });
  });

  it('forgot password: the email is required and pattern-checked', () => {
    expect(messagesFor(forgotPasswordSchema, { email: '' })).toEqual({ email: MSG.emailRequired });
    expect(messagesFor(forgotPasswordSchema, { email: 'ada@example' })).toEqual({ email: MSG.emailInvalid });
    expect(messagesFor(forgotPasswordSchema, { email: 'ada@example.ng' })).toEqual({});
  });

  it('reset password: the new password follows the sign-up rule and must be typed twice the same', () => {
    expect(messagesFor(resetPasswordFormSchema, { new_password: '', confirm_password: '' })).toEqual({
      new_password: MSG.passwordRequired,
      confirm_password: MSG.confirmPasswordRequired,
    });
    expect(messagesFor(resetPasswordFormSchema, { new_password: '12345', confirm_password: '12345' })).toEqual({ new_password: MSG.passwordMin });
    expect(messagesFor(resetPasswordFormSchema, { new_password: 'kasuwa-pass-1', confirm_password: 'kasuwa-pass-2' })).toEqual({
      confirm_password: MSG.passwordsDiffer,
    });
    expect(messagesFor(resetPasswordFormSchema, { new_password: 'kasuwa-pass-1', confirm_password: 'kasuwa-pass-1' })).toEqual({});
  });

  it('gives the browser the required fields and lengths to check before any JavaScript runs', () => {
    const signup = formConstraint(signupSchema);
    expect(signup.username).toMatchObject({ required: true, minLength: 3, maxLength: 150 });
    expect(signup.password).toMatchObject({ required: true, minLength: 6, maxLength: 128 });
    expect(signup.email).toMatchObject({ required: true, maxLength: 254 });
    expect(formConstraint(resetPasswordFormSchema).new_password).toMatchObject({ required: true, minLength: 6 });
  });
});

const http = (status: number, body: unknown, retryAfter?: number) => new ProviderError('http', `answered ${status}`, status, body, retryAfter);
const SIGNUP_FIELDS = ['email', 'username', 'phone_number', 'password'];

describe('provider refusals become form messages (docs/product.md §8)', () => {
  it('puts a 400 body next to its fields, several messages joined by commas', () => {
    const error = http(400, { username: ['A user with that username already exists.'], password: ['Too short.', 'Too common.'] });
    expect(formErrorsFrom(error, SIGNUP_FIELDS)).toEqual({
      formErrors: [],
      fieldErrors: { username: ['A user with that username already exists.'], password: ['Too short., Too common.'] },
    });
  });

  it('shows detail and non_field_errors above the form, 401 included', () => {
    expect(formErrorsFrom(http(401, { detail: MSG.wrongCredentials }), ['username_or_email', 'password'])).toEqual({
      formErrors: [MSG.wrongCredentials],
      fieldErrors: {},
    });
    expect(formErrorsFrom(http(400, { non_field_errors: ['One.', 'Two.'] }), SIGNUP_FIELDS)).toEqual({ formErrors: ['One., Two.'], fieldErrors: {} });
  });

  it('shows a message about a field the form does not have above the form rather than losing it', () => {
    expect(formErrorsFrom(http(400, { phone: ['Bad phone.'] }), SIGNUP_FIELDS)).toEqual({ formErrors: ['Bad phone.'], fieldErrors: {} });
  });

  it('says when to try again after a 429', () => {
    expect(formErrorsFrom(http(429, { detail: 'Request was throttled.' }, 42), SIGNUP_FIELDS).formErrors).toEqual([MSG.tooManyAttempts(42)]);
    expect(MSG.tooManyAttempts(42)).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(formErrorsFrom(http(429, {}), SIGNUP_FIELDS).formErrors).toEqual(['Too many attempts. Please wait a minute and try again.']);
  });

  it.each([
    ['a 500', http(500, { detail: 'Server exploded' })],
    ['a 400 with an empty body', http(400, {})],
    ['a timeout', new ProviderError('timeout', 'slow')],
    ['an unreachable provider', new ProviderError('network', 'down')],
    ['any other error', new Error('bug')],
  ])('answers %s with the network-or-unexpected message, or the form’s own fallback', (_case, error) => {
    expect(formErrorsFrom(error, SIGNUP_FIELDS)).toEqual({ formErrors: [MSG.networkOrUnexpected], fieldErrors: {} });
    expect(formErrorsFrom(error, ['email'], MSG.resetLinkFailed)).toEqual({ formErrors: [MSG.resetLinkFailed], fieldErrors: {} });
  });
});
