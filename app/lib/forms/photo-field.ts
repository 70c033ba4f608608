import { z } from 'zod';
import { checkImageClaims } from '#rules/images.ts';
import { MSG } from '#rules/messages.ts';

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
