import type { Translation } from '../../catalog';
import type { mail as source } from '../en/mail';

/** Igbo: docs/languages.md has the glossary. */
export const mail: Translation<typeof source> = {
  messages: {
    'mail.hello': 'Ndewo {name},',
    'mail.signature': '— Kasuwa',
    'mailReset.subject': 'Tọgharịa paswọọdụ Kasuwa gị',
    'mailReset.asked': 'Mmadụ rịọrọ ka a tọgharịa paswọọdụ nke akaụntụ Kasuwa gị. Ọ bụrụ na ọ bụ gị, meghee njikọ a n’ime otu awa:',
    'mailReset.link': 'Tọgharịa paswọọdụ m',
    'mailReset.notYou': 'Ọ bụrụ na ọ bụghị gị, leghara email a anya: paswọọdụ gị agaghị agbanwe.',
    'mailAlert.subjectShop': 'Ozi ọhụrụ maka {shop} na Kasuwa',
    'mailAlert.subjectBuyer': '{shop} azaala gị na Kasuwa',
    'mailAlert.wrote': '{from} dere: “{excerpt}”',
    'mailAlert.sent': '{from} ezitela gị ozi.',
    'mailAlert.read': 'Gụọ ma zaa:',
    'mailAlert.readLink': 'Gụọ ma zaa',
    'mailAlert.caution': 'Zaa naanị site na Kasuwa. Akwụla ụgwọ ma ọlị tupu ị hụ ngwaahịa ahụ.',
    'mailRenewal.subjectEnds': 'Mgbasa ozi {shop} ga-akwụsị na {day}',
    'mailRenewal.subjectEnded': 'Mgbasa ozi {shop} akwụsịla',
    'mailRenewal.ends': 'Mgbasa ozi ụlọ ahịa gị {shop} ga-akwụsị na {when}.',
    'mailRenewal.ended': 'Mgbasa ozi ụlọ ahịa gị {shop} kwụsịrị na {when}.',
    'mailRenewal.renewFor': 'Pịa otu ugboro ka i gbatịa ya maka {price}:',
    'mailRenewal.link': 'Gbatịa maka {price}',
    'mailRenewal.noDayLost': 'Ọnwa ị zụrụ ugbu a ga-amalite ozugbo nke a kwụsịrị, ya mere ị gaghị atụfu otu ụbọchị.',
    'mailRenewal.startsNow': 'Ọnwa ị zụrụ ugbu a ga-amalite ozugbo.',
    'mailHidden.subject': 'E zoro {shop} na Kasuwa',
    'mailHidden.hidden':
      'E zoro ụlọ ahịa gị {shop} ka ndị ọbịa ghara ịhụ ya: ndị na-azụ ahịa abụọ nwere ekwentị akwadoro kọrọ na ọ bụ aghụghọ. Onye nlekọta ga-elele ya n’oge na-adịghị anya, gosikwa ya ọzọ ma ọ bụrụ na akụkọ ndị ahụ abụghị eziokwu.',
    'mailHidden.reply': 'Ọ bụrụ na i chere na nke a ezighị ezi, zaa ozi-e a ma kwuo ihe kpatara ya: azịza gị ga-aga n’aka ndị nlekọta Kasuwa.',
    'mailHidden.link': 'Mepee Ụlọ Ahịa M',
    'smsAlert.text': 'Kasuwa: ozi ọhụrụ maka {shop} sitere n’aka onye na-azụ ahịa. Gụọ ma zaa: {link}',
  },
  reviewed: [],
};
