import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { wordsIn } from '#app/lib/i18n/words.server.ts';
import { translator } from '#app/lib/i18n/words.ts';
import { AREAS } from '#rules/i18n/areas.ts';
import { formPatternOf } from '#rules/i18n/form-patterns.ts';
import { MSG } from '#rules/messages.ts';

describe('form messages in the page language', () => {
  it('says a schema or API message in Yorùbá by its English text, and passes an unknown one through', () => {
    const t = translator([wordsIn('yo', 'forms')]);
    expect(t.said(MSG.passwordRequired)).toBe(AREAS.forms.translations.yo.messages['form.passwordRequired']);
    expect(t.said(MSG.passwordRequired)).not.toBe(MSG.passwordRequired);
    expect(t.said('Something the catalogs never heard of.')).toBe('Something the catalogs never heard of.');
  });

  it('fills in the values of a message that carries one', () => {
    const t = translator([wordsIn('pcm', 'forms')]);
    const said = t.said(MSG.tooLong(120));
    expect(said).toContain('120');
    expect(said).not.toBe(MSG.tooLong(120));
  });

  it('says two messages in a row each on its own', () => {
    const t = translator([wordsIn('ha', 'forms')]);
    const two = t.said(MSG.createShopFailed + MSG.networkError);
    expect(two).toBe(`${t.said(MSG.createShopFailed)} ${t.said(MSG.networkError)}`);
    expect(two).not.toContain(MSG.networkError);
  });

  it("says the lines Kasuwa writes into a thread for an order in the reader's language", () => {
    const t = translator([wordsIn('ig', 'messages')]);
    for (const line of [MSG.orderRequested(2, '₦3,000'), MSG.orderMoved.accepted, MSG.orderDeclinedBecause('Rice is out of stock.'), MSG.messageRemoved]) {
      expect(t.said(line), line).not.toBe(line);
    }
    expect(t.said(MSG.orderRequested(2, '₦3,000'))).toContain('₦3,000');
    expect(t.said(MSG.orderDeclinedBecause('Rice is out of stock.'))).toContain('Rice is out of stock.');
  });

  it('leaves English as MSG has it, and a page without the form words in English', () => {
    expect(translator([wordsIn('en', 'forms')]).said(MSG.emailInvalid)).toBe(MSG.emailInvalid);
    expect(translator([wordsIn('ha', 'common')]).said(MSG.emailInvalid)).toBe(MSG.emailInvalid);
  });

  it('reads back every message with a value that MSG writes, and its English catalog entry says it as MSG does', () => {
    const written = [
      MSG.tooLong(1),
      MSG.tooLong(2000),
      MSG.choosePhotoAgain('IMG 1 (2).jpg'),
      MSG.tooManyAttempts(1),
      MSG.tooManyAttempts(30),
      MSG.tooManyAttempts(),
      MSG.throttled(5),
      MSG.messagesTooFast(1),
      MSG.messagesTooFast(9),
      MSG.orderOutOfStock('Garri (1 paint)'),
      MSG.orderRequested(1, '₦500'),
      MSG.orderRequested(3, '₦12,000'),
      MSG.orderDeclinedBecause('Rice is out of stock.'),
      MSG.phoneCodeWrong(1),
      MSG.phoneCodeWrong(4),
    ];
    for (const message of written) {
      const found = formPatternOf(message);
      expect(found, message).toBeDefined();
      const english = { ...AREAS.forms.source, ...AREAS.messages.source, ...AREAS.verification.source }[found!.key];
      const t = translator([{ language: 'en', messages: { [found!.key]: compileMessage(english) } }]);
      expect(t.said(message)).toBe(message);
    }
  });
});
