import { PASSWORD_MIN } from '../../app/lib/rules/limits';

let list: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's list of the most used passwords (about 49,000, from leaked password sets), loaded on the first
 * sign-up or reset rather than at start: building it takes a tenth of a second and a few MB. Shorter ones
 * are refused by the minimum length already. Letter case does not make a common password uncommon.
 */
function commonPasswords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((word) => word.length >= PASSWORD_MIN).map((word) => word.toLowerCase())),
  );
  return list;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
