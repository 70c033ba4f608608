import type { Translation } from '../../catalog';
import type { soon as source } from '../en/soon';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const soon: Translation<typeof source> = {
  messages: {
    'lily.back': '← Go back to home',
    'lily.tagline': 'Your shopping assistant',
    'lily.log': 'Chat with Lily',
    'lily.greeting': 'How far! Na me be Lily, your shopping assistant. Tell me wetin you dey find and I go help you see am.',
    'lily.reply': 'Thank you! I still dey learn, so the assistant dey come soon. For now, you fit find shops from the home page.',
    'lily.messageLabel': 'Message to Lily',
    'lily.placeholder': 'Ask Lily',
    'lily.send': 'Send',
    'lily.you': 'You:',
    'lily.lily': 'Lily:',
    'lily.pageTitle': 'Lily, your shopping assistant · Kasuwa',
    'lily.description': 'Lily, Kasuwa shopping assistant, dey come soon to help you find shops and goods wey dey near you.',
    'adDetails.heading': 'Ad details',
    'adDetails.soon': 'Ad details dey come soon. For now, you fit see your shops and buy ads for them for My Shop.',
    'adDetails.myShop': 'Go My Shop',
    'adDetails.pageTitle': 'Ad details · Kasuwa',
    'adDetails.description': 'Details of the ads for your Kasuwa shop dey come soon.',
  },
  reviewed: [],
};
