import type { Translation } from '../../catalog';
import type { mail as source } from '../en/mail';

/** Hausa: docs/languages.md has the glossary. */
export const mail: Translation<typeof source> = {
  messages: {
    'mail.hello': 'Sannu {name},',
    'mail.signature': '— Kasuwa',
    'mailReset.subject': 'Sake saita kalmar sirrinka ta Kasuwa',
    'mailReset.asked': 'Wani ya nemi a sake saita kalmar sirrin asusunka na Kasuwa. Idan kai ne, buɗe wannan mahaɗi cikin awa ɗaya:',
    'mailReset.link': 'Sake saita kalmar sirrina',
    'mailReset.notYou': 'Idan ba kai ba ne, ka yi watsi da wannan imel: kalmar sirrinka ba za ta canja ba.',
    'mailAlert.subjectShop': 'Sabon saƙo ga {shop} a Kasuwa',
    'mailAlert.subjectBuyer': '{shop} ya ba ka amsa a Kasuwa',
    'mailAlert.wrote': 'Saƙo daga {from}: “{excerpt}”',
    'mailAlert.sent': 'Kana da sabon saƙo daga {from}.',
    'mailAlert.read': 'Karanta ka ba da amsa:',
    'mailAlert.readLink': 'Karanta ka ba da amsa',
    'mailAlert.caution': 'Ka ba da amsa ta Kasuwa kawai. Kada ka taɓa biya kafin ka ga kayan.',
    'mailRenewal.subjectEnds': 'Tallan {shop} zai ƙare a {day}',
    'mailRenewal.subjectEnded': 'Tallan {shop} ya ƙare',
    'mailRenewal.ends': 'Tallan shagonka {shop} zai ƙare a {when}.',
    'mailRenewal.ended': 'Tallan shagonka {shop} ya ƙare a {when}.',
    'mailRenewal.renewFor': 'Sabunta shi kan {price} da taɓawa ɗaya:',
    'mailRenewal.link': 'Sabunta kan {price}',
    'mailRenewal.noDayLost': 'Watan da ka saya yanzu zai fara ne idan wannan ya ƙare, don haka babu ranar da za ta tafi a banza.',
    'mailRenewal.startsNow': 'Watan da ka saya yanzu zai fara nan take.',
    'mailHidden.subject': 'An ɓoye {shop} a Kasuwa',
    'mailHidden.hidden':
      'An ɓoye shagonka {shop} daga masu ziyara: masu saye biyu masu lambar waya da aka tabbatar sun kai rahotonsa a matsayin zamba. Mai sa ido zai duba shi nan ba da jimawa ba, ya kuma nuna shi idan rahotannin ba gaskiya ba ne.',
    'mailHidden.reply': 'Idan kana ganin ba daidai ba ne, amsa wannan imel ka faɗi dalili: amsarka za ta je wurin masu sa ido na Kasuwa.',
    'mailHidden.link': 'Buɗe Shaguna na',
    'smsAlert.text': 'Kasuwa: sabon saƙo don {shop} daga mai saye. Karanta ka ba da amsa: {link}',
  },
  reviewed: [],
};
