import type { Translation } from '../../catalog';
import type { soon as source } from '../en/soon';

/** Igbo: docs/languages.md has the glossary. */
export const soon: Translation<typeof source> = {
  messages: {
    'lily.back': '← Laghachi na peeji mbụ',
    'lily.tagline': 'Onye enyemaka gị maka ịzụ ahịa',
    'lily.log': 'Mkparịta ụka gị na Lily',
    'lily.greeting': 'Ndewo! Abụ m Lily, onye enyemaka gị maka ịzụ ahịa. Gwa m ihe ị na-achọ, m ga-enyere gị aka ịchọta ya.',
    'lily.reply': 'Daalụ! M ka na-amụ ihe, ya mere onye enyemaka a ga-abịa n’oge na-adịghị anya. Ka ọ dị ugbu a, ị nwere ike ịchọ ụlọ ahịa site na peeji mbụ.',
    'lily.messageLabel': 'Ozi nye Lily',
    'lily.placeholder': 'Jụọ Lily',
    'lily.send': 'Zipu',
    'lily.you': 'Gị:',
    'lily.lily': 'Lily:',
    'lily.pageTitle': 'Lily, onye enyemaka gị maka ịzụ ahịa · Kasuwa',
    'lily.description': 'Lily, onye enyemaka Kasuwa maka ịzụ ahịa, na-abịa n’oge na-adịghị anya iji nyere gị aka ịchọta ụlọ ahịa na ngwaahịa dị gị nso.',
    'adDetails.heading': 'Nkọwa mgbasa ozi',
    'adDetails.soon': 'Nkọwa mgbasa ozi na-abịa n’oge na-adịghị anya. Ka ọ dị ugbu a, ị nwere ike ịhụ ụlọ ahịa gị ma zụta mgbasa ozi maka ha na Ụlọ ahịa m.',
    'adDetails.myShop': 'Gaa na Ụlọ ahịa m',
    'adDetails.pageTitle': 'Nkọwa mgbasa ozi · Kasuwa',
    'adDetails.description': 'Nkọwa mgbasa ozi ụlọ ahịa Kasuwa gị na-abịa n’oge na-adịghị anya.',
  },
  reviewed: [],
};
