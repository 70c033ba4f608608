import type { Translation } from '../../catalog';
import type { verification as source } from '../en/verification';

/** Hausa: docs/languages.md has the glossary. */
export const verification: Translation<typeof source> = {
  messages: {
    'sms.phoneCode': 'Lambar tabbatarwa ta Kasuwa: {code}. Za ta ƙare bayan minti {minutes}. Kada ka ba kowa ita: Kasuwa ba za ta taɓa tambayar ka ita ba.',
    'checks.pageTitle': 'Abin da tantancewarmu ke nufi · Kasuwa',
    'checks.description': 'Abin da kowace tantancewa a shagon Kasuwa ke tabbatarwa, da abin da ba ta tabbatarwa. Tantancewa ba garanti ba ce.',
    'checks.heading': 'Abin da tantancewarmu ke nufi',
    'checks.intro': 'Tantancewa a kan shago na nufin Kasuwa ta tabbatar da abu ɗaya game da shi. Ba garanti ba ce cewa mai sayarwa mai gaskiya ne.',
    'checks.phoneTitle': '✓ An tabbatar da lambar waya',
    'checks.phoneProves':
      'Mai shagon ya nuna cewa lambar wayar da masu saye ke kira tasa ce: ya rubuta lambar tabbatarwa da muka tura zuwa wannan wayar ta saƙon tes.',
    'checks.phoneNot': 'Ba ta tabbatar da ko wane ne mai shagon, ko kayan sun yi daidai da bayaninsu, ko shagon zai kawo kayan ba.',
    'checks.careTitle': 'Ka kiyaye kanka, an tantance ko ba a tantance ba',
    'checks.seeFirst': 'Ka ga kayan kafin ka biya, kuma ka biya lokacin da ka karɓi kayan ko aka kawo maka su.',
    'checks.stayHere': 'Ka ci gaba da tattaunawa a Kasuwa. Mai sayarwa da ya ce ka biya tukuna, ko ku koma wata manhaja, alamar hattara ce.',
    'checks.report': 'Idan wani abu bai yi daidai ba, kai rahoton shagon daga shafinsa: masu sa idonmu suna karanta kowane rahoto.',
    'verifyPhone.pageTitle': 'Tabbatar da lambar wayar {name} · Kasuwa',
    'verifyPhone.heading': 'Tabbatar da lambar wayar {name}',
    'verifyPhone.why': 'Masu saye suna kiran {phone}. Da zarar ka nuna cewa lambar taka ce, za su ga “An tabbatar da lambar waya” a shagonka.',
    'verifyPhone.verified': 'An tabbatar da {phone}. Masu saye suna ganin “An tabbatar da lambar waya” a shagonka.',
    'verifyPhone.changed': 'Sabuwar lamba na buƙatar sabuwar tantancewa: canza lambar a Gyara shago, sannan ka tabbatar da ita a nan.',
    'verifyPhone.send': 'Tura mini lambar tabbatarwa',
    'verifyPhone.sendAgain': 'Tura mini sabuwar lambar tabbatarwa',
    'verifyPhone.sending': 'Ana aikawa…',
    'verifyPhone.sent': 'Mun tura lambar tabbatarwa zuwa {phone} ta saƙon tes. Za ta yi aiki na minti {minutes}.',
    'verifyPhone.code': 'Lambar tabbatarwa daga saƙon tes',
    'verifyPhone.confirm': 'Tabbatar',
    'verifyPhone.confirming': 'Ana dubawa…',
    'verifyPhone.done': 'An gama: an tabbatar da {phone}.',
    'verifyPhone.back': 'Koma zuwa Shagunana',
    'form.phoneNotYours': 'Za ka iya tabbatar da lambar asusunka kawai, ko lambar ɗaya daga cikin shagunanka.',
    'form.phoneCodesTooMany': 'An nemi lambobin tabbatarwa da yawa. Da fatan za a jira awa ɗaya, sannan a sake nema.',
    'form.phoneCodeRequired': 'Da fatan za a rubuta lambar tabbatarwa mai lambobi 6 daga saƙon tes.',
    'form.phoneCodeWrong': 'Wannan lambar ba daidai ba ce. {left, plural, one {Saura ƙoƙari #} other {Saura ƙoƙari #}}.',
    'form.phoneCodeEnded': 'Wannan lambar ta daina aiki bayan kuskure sau 5. Ka nemi sabuwar lambar tabbatarwa.',
    'form.phoneCodeExpired': 'Lokacin wannan lambar ya ƙare. Ka nemi sabuwar lambar tabbatarwa.',
  },
  reviewed: [],
};
