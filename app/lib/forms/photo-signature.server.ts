import { checkImageClaims } from '#rules/images.ts';
import { MSG } from '#rules/messages.ts';

/** Whether a file starts as every JPEG or PNG does, whatever its name and declared type say. */
async function startsAsPhoto(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  return jpeg || png;
}

/**
 * The photos of a read form that pass SPEC's rules by name, type and size but are no JPEG or PNG inside,
 * by field name, with SPEC's message. The provider would refuse them too, but only once every other row
 * is right: said here, every bad row of a form is said at once.
 */
export async function photosThatAreNot(form: FormData): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const [name, value] of form) {
    if (value instanceof File && value.size > 0 && !checkImageClaims(value) && !(await startsAsPhoto(value))) errors[name] = [MSG.imageType];
  }
  return errors;
}
