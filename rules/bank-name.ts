/** A name's words, lower-cased without accents or apostrophes, so "Ọlá-Olúwa O'Neil" reads "ola oluwa oneil". */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort();
}

/**
 * Bank name matched (docs/product.md §4): the name a bank gives an account and the name its owner typed hold
 * the same words, in any order, whatever their case and accents.
 */
export function sameAccountName(bankName: string, typedName: string): boolean {
  const bank = nameWords(bankName);
  const typed = nameWords(typedName);
  return bank.length > 0 && bank.length === typed.length && bank.every((word, index) => word === typed[index]);
}
