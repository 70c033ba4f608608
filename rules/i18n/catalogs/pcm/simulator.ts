import type { Translation } from '../../catalog';
import type { simulator as source } from '../en/simulator';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const simulator: Translation<typeof source> = {
  messages: {
    'simulator.checkoutTitle': 'Paystack simulator: payment page',
    'simulator.payKasuwa': 'Pay Kasuwa',
    'simulator.noMoney': 'Payment simulator: dem no go charge any card and no money go move.',
    'simulator.pay': 'Pay',
    'simulator.transfer': 'Pay with bank transfer',
    'simulator.decline': 'Reject card',
    'simulator.cancel': 'Cancel',
    'simulator.transferTitle': 'Paystack simulator: bank transfer',
    'simulator.transferWaiting': 'Transfer dey wait make dem confirm am',
    'simulator.transferNote': 'Payment simulator: press Confirm transfer for the time wey the bank for don confirm am.',
    'simulator.confirm': 'Confirm transfer',
    'simulator.notFoundTitle': 'We no see the payment',
    'simulator.notFound': 'This payment link no correct.',
    'simulator.endedTitle': 'Payment don already finish',
    'simulator.ended': 'This payment don already end: {response}. You no fit pay am again.',
    'simulator.chooseTitle': 'Choose wetin you want do',
    'simulator.choose': 'Abeg choose Pay, Pay with bank transfer, Reject card or Cancel.',
    'simulator.paid': 'Payment don go through',
    'simulator.transferSent': 'Transfer don go',
    'simulator.declined': 'Dem reject the card',
    'simulator.cancelled': 'Payment don cancel',
    'simulator.transferConfirmed': 'Dem don confirm the transfer',
    'simulator.close': 'You fit close this page.',
  },
  reviewed: [],
};
