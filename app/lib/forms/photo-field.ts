import { z } from 'zod';
import { checkImageClaims } from '../rules/images';
import { MSG } from '../rules/messages';

/**
 * How much of a one-photo form (a shop, a product edit) is read before it is refused. Far above SPEC's
 * 5 MB on purpose: a photo over that is read past with none of it kept, so a person without JavaScript
 * hears 'File size must not exceed 5MB.' with what they typed still in the form. The largest photos
 * phone cameras take fit; nobody on a phone sends more.
 */
export const ONE_PHOTO_FORM_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Photo fields for Conform forms, shared by the shop and product forms. They are zod `file` schemas on
 * purpose: that is the type Conform recognises to read an untouched file input (no name, no bytes) as
 * "no file". SPEC §5's rules are checked on what the browser knows (name, declared type, size); the
 * provider checks the bytes themselves again.
 */
function withImageRules(photo: z.ZodFile) {
  return photo.superRefine((file, ctx) => {
    const problem = checkImageClaims(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A photo the person must choose; `missingMessage` when none was. */
export function requiredPhoto(missingMessage: string) {
  return withImageRules(z.file({ error: (issue) => (issue.input === undefined ? missingMessage : MSG.imageType) }));
}

/** A photo that may be left out (edit forms: no new photo keeps the saved one). */
export function optionalPhoto() {
  return withImageRules(z.file({ error: MSG.imageType })).optional();
}
