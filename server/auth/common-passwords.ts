import { PASSWORD_MIN } from '#rules/limits.ts';

let list: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's list of the most used passwords (from leaked password sets), built on the first sign-up or
 * reset rather than slowing every start. Those shorter than the minimum length are refused by it already;
 * letter case does not make a common password uncommon.
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
