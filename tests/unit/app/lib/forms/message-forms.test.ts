import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { fitsSchema } from '#app/lib/forms/form-shape.server.ts';
import { blockFormSchema, messageFormSchema, orderFormSchema, orderMoveFormSchema } from '#app/lib/forms/message-forms.ts';
import { messageErrors } from '#app/lib/forms/provider-errors.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { MSG } from '#rules/messages.ts';

const formOf = (fields: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
};

/** An order page's form: every listed product with its quantity box. */
const orderForm = (quantities: string[], note = '') =>
  formOf([
    ...quantities.flatMap((quantity, at): [string, string][] => [
      [`lines[${at}].product_id`, `p${at}`],
      [`lines[${at}].quantity`, quantity],
    ]),
    ['note', note],
  ]);

describe('the message and order forms', () => {
  it('a message is 1 to 2,000 characters, blank says so', () => {
    expect(parseWithZod(formOf([['body', '   ']]), { schema: messageFormSchema }).reply().error).toEqual({ body: [MSG.messageRequired] });
    expect(parseWithZod(formOf([['body', 'x'.repeat(2001)]]), { schema: messageFormSchema }).status).toBe('error');
    expect(parseWithZod(formOf([['body', 'Do you deliver?']]), { schema: messageFormSchema }).status).toBe('success');
  });

  it('an order request sends only the products with a quantity, at least one and at most 20', () => {
    const sent = parseWithZod(orderForm(['0', '2', '', '1'], 'Saturday'), { schema: orderFormSchema });
    expect(sent.status === 'success' && sent.value).toEqual({
      lines: [
        { product_id: 'p1', quantity: 2 },
        { product_id: 'p3', quantity: 1 },
      ],
      note: 'Saturday',
    });
    expect(parseWithZod(orderForm(['0', '0']), { schema: orderFormSchema }).reply().error).toEqual({ lines: [MSG.orderLinesRequired] });
    expect(parseWithZod(orderForm(Array.from({ length: 21 }, () => '1')), { schema: orderFormSchema }).reply().error).toEqual({
      lines: [MSG.orderLinesTooMany],
    });
    expect(parseWithZod(orderForm(['1000']), { schema: orderFormSchema }).reply().error).toEqual({ 'lines[0].quantity': [MSG.orderQuantityRange] });
  });

  it('a form names only its own fields: a reply with an intent, or a row past the page’s 60, is not read', () => {
    expect(fitsSchema(formOf([['body', 'hi']]), messageFormSchema)).toBe(true);
    expect(
      fitsSchema(
        formOf([
          ['body', 'hi'],
          ['intent', 'block'],
        ]),
        messageFormSchema,
      ),
    ).toBe(false);
    expect(fitsSchema(formOf([['lines[59].quantity', '1']]), orderFormSchema)).toBe(true);
    expect(fitsSchema(formOf([['lines[60].quantity', '1']]), orderFormSchema)).toBe(false);
    expect(fitsSchema(formOf([['intent', 'block']]), blockFormSchema)).toBe(true);
    expect(
      parseWithZod(
        formOf([
          ['intent', 'order'],
          ['order', 'o1'],
          ['move', 'pay'],
        ]),
        { schema: orderMoveFormSchema },
      ).status,
    ).toBe('error');
  });

  it("the API's refusal of a message is shown in its words; a failure past it says to send again", () => {
    const blocked = new ProviderError('http', 'The provider answered 403.', 403, { detail: MSG.blockedByOther });
    expect(messageErrors(blocked, ['body'], MSG.messageFailed)).toEqual({ formErrors: [MSG.blockedByOther], fieldErrors: {} });
    const tooFast = new ProviderError('http', 'The provider answered 429.', 429, { detail: MSG.messagesTooFast(12) });
    expect(messageErrors(tooFast, ['body'], MSG.messageFailed).formErrors).toEqual([MSG.messagesTooFast(12)]);
    const down = new ProviderError('http', 'The provider answered 502.', 502, { detail: 'Bad gateway' });
    expect(messageErrors(down, ['body'], MSG.messageFailed).formErrors).toEqual([MSG.messageFailed]);
    expect(messageErrors(new ProviderError('timeout', 'late'), ['body'], MSG.messageFailed).formErrors).toEqual([MSG.messageFailed]);
  });
});
