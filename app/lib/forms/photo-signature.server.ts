import { checkImageClaims } from '#rules/images.ts';
import { MSG } from '#rules/messages.ts';

async function startsAsPhoto(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  return jpeg || png;
}

/** The provider would refuse these only once every other row is right; said here, every bad row is said at once. */
export async function photosThatAreNot(form: FormData): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const [name, value] of form) {
    if (value instanceof File && value.size > 0 && !checkImageClaims(value) && !(await startsAsPhoto(value))) errors[name] = [MSG.imageType];
  }
  return errors;
}
