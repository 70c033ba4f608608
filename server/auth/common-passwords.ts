import { PASSWORD_MIN } from '#rules/limits.ts';

let list: Promise<Set<string>> | undefined;

/** Built on first use rather than slowing every start; letter case does not make a common password uncommon. */
function commonPasswords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((word) => word.length >= PASSWORD_MIN).map((word) => word.toLowerCase())),
  );
  return list;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
