import type { Translation } from '../../catalog';
import type { mail as source } from '../en/mail';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const mail: Translation<typeof source> = {
  messages: {
    'mail.hello': 'Hello {name},',
    'mail.signature': '— Kasuwa',
    'mailReset.subject': 'Reset your Kasuwa password',
    'mailReset.asked': 'Somebody ask make we reset the password of your Kasuwa account. If na you, open this link before one hour pass:',
    'mailReset.link': 'Reset my password',
    'mailReset.notYou': 'If no be you, no mind this email: your password no go change.',
    'mailAlert.subjectShop': 'New message for {shop} on Kasuwa',
    'mailAlert.subjectBuyer': '{shop} don answer you on Kasuwa',
    'mailAlert.wrote': '{from} write: “{excerpt}”',
    'mailAlert.sent': '{from} send you message.',
    'mailAlert.read': 'Read am and reply:',
    'mailAlert.readLink': 'Read and reply',
    'mailAlert.caution': 'Reply only through Kasuwa. No ever pay before you see the goods.',
    'mailRenewal.subjectEnds': 'The ad for {shop} go end on {day}',
    'mailRenewal.subjectEnded': 'The ad for {shop} don end',
    'mailRenewal.ends': 'The ad for your shop {shop} go end on {when}.',
    'mailRenewal.ended': 'The ad for your shop {shop} end on {when}.',
    'mailRenewal.renewFor': 'Renew am for {price} with one tap:',
    'mailRenewal.link': 'Renew for {price}',
    'mailRenewal.noDayLost': 'If you buy one month now, e go start when this one end, so you no go lose any day.',
    'mailRenewal.startsNow': 'If you buy one month now, e go start sharp sharp.',
    'mailHidden.subject': 'Dem don hide {shop} for Kasuwa',
    'mailHidden.hidden':
      'Dem don hide your shop {shop} from people: two buyers wey dem don confirm their phone report am say na scam. Moderator go check am soon and show am again if the report no true.',
    'mailHidden.reply': 'If you feel say e no correct, reply this email and talk why: your reply go reach Kasuwa moderators.',
    'mailHidden.link': 'Open My Shops',
    'smsAlert.text': 'Kasuwa: new message for {shop} from buyer. Read am and reply: {link}',
  },
  reviewed: [],
};
