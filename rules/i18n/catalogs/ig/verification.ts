import type { Translation } from '../../catalog';
import type { verification as source } from '../en/verification';

/** Igbo: docs/languages.md has the glossary. */
export const verification: Translation<typeof source> = {
  messages: {
    'sms.phoneCode': 'Koodu Kasuwa gị bụ {code}. Ọ ga-agwụ n’ime nkeji {minutes}. Egosila onye ọ bụla ya: Kasuwa agaghị arịọ gị ya.',
    'checks.pageTitle': 'Ihe nlele anyị pụtara · Kasuwa',
    'checks.description': 'Ihe nlele ọ bụla dị n’ụlọ ahịa Kasuwa na-egosi, na ihe ọ na-egosighị. Nlele abụghị nkwa.',
    'checks.heading': 'Ihe nlele anyị pụtara',
    'checks.intro': 'Nlele dị n’ụlọ ahịa pụtara na Kasuwa jidere n’aka otu ihe gbasara ya. Ọ bụghị nkwa na onye na-ere ahịa ahụ bụ onye eziokwu.',
    'checks.phoneTitle': '✓ Ekwentị akwadoro',
    'checks.phoneProves': 'Onye nwe ụlọ ahịa ahụ gosiri na nọmba ekwentị ndị na-azụ ahịa na-akpọ bụ nke ya, site n’itinye koodu anyị zigaara nọmba ahụ na SMS.',
    'checks.phoneNot': 'Ọ naghị egosi onye bụ onye nwe ya, ma ngwaahịa ahụ dị ka e siri kọwaa ha, ma ọ bụ ma ụlọ ahịa ahụ ga-ebuga ihe ị zụrụ.',
    'checks.careTitle': 'Nọrọ na nchekwa, ma e nwere nlele ma ọ bụ na enweghị',
    'checks.seeFirst': 'Hụ ngwaahịa ahụ tupu ị kwụọ ụgwọ, ma kwụọ ụgwọ mgbe ị natara ya ma ọ bụ mgbe e bugara gị ya.',
    'checks.stayHere':
      'Ka mkparịta ụka gị nọrọ na Kasuwa. Onye na-ere ahịa gwara gị ka ị kwụọ ụgwọ mbụ, ma ọ bụ ka unu gaa na ngwa ọzọ, bụ ihe ịdọ aka na ntị.',
    'checks.report': 'Ọ bụrụ na ihe adịghị mma, kọọ akụkọ banyere ụlọ ahịa ahụ site na peeji ya: ndị nlekọta anyị na-agụ akụkọ ọ bụla.',
    'verifyPhone.pageTitle': 'Kwado ekwentị nke {name} · Kasuwa',
    'verifyPhone.heading': 'Kwado ekwentị nke {name}',
    'verifyPhone.why': 'Ndị na-azụ ahịa na-akpọ {phone}. Ozugbo i gosiri na nọmba ahụ bụ nke gị, ha ga-ahụ “Ekwentị akwadoro” n’ụlọ ahịa gị.',
    'verifyPhone.verified': 'E kwadoola {phone}. Ndị na-azụ ahịa na-ahụ “Ekwentị akwadoro” n’ụlọ ahịa gị.',
    'verifyPhone.changed': 'Nọmba ọhụrụ chọrọ nlele ọhụrụ: gbanwee nọmba ahụ na Dezie ụlọ ahịa, wee kwado ya ebe a.',
    'verifyPhone.send': 'Zitere m koodu na SMS',
    'verifyPhone.sendAgain': 'Zitere m koodu ọhụrụ na SMS',
    'verifyPhone.sending': 'Na-ezipu…',
    'verifyPhone.sent': 'Anyị zigara koodu na {phone} na SMS. Ọ ga-arụ ọrụ ruo nkeji {minutes}.',
    'verifyPhone.code': 'Koodu dị na SMS ahụ',
    'verifyPhone.confirm': 'Kwado',
    'verifyPhone.confirming': 'Na-elele…',
    'verifyPhone.done': 'O mezuola: e kwadoola {phone}.',
    'verifyPhone.back': 'Laghachi na Ụlọ ahịa m',
    'form.phoneNotYours': 'Ị nwere ike ịkwado naanị nọmba akaụntụ gị ma ọ bụ nọmba otu n’ime ụlọ ahịa gị.',
    'form.phoneCodesTooMany': 'Ị rịọla koodu ọtụtụ ugboro. Biko chere otu awa, wee rịọ ọzọ.',
    'form.phoneCodeRequired': 'Biko dee koodu ọnụọgụ 6 dị na SMS ahụ.',
    'form.phoneCodeWrong': 'Koodu ahụ ezighi ezi. Ị ka nwere {left, plural, other {ọnwụnwa #}}.',
    'form.phoneCodeEnded': 'Koodu ahụ akwụsịla ịrụ ọrụ mgbe e tinyere koodu na-ezighi ezi ugboro 5. Rịọ koodu ọhụrụ.',
    'form.phoneCodeExpired': 'Oge koodu ahụ agafeela. Rịọ koodu ọhụrụ.',
  },
  reviewed: [],
};
