import { z } from 'zod';
import { checkImageClaims } from '#rules/images.ts';
import { CAMERA_PHOTO_MAX_BYTES } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';

/**
 * zod `file` on purpose: only then does Conform read an untouched file input as no file. The provider checks
 * the bytes; a photo over its limit is shrunk first (app/lib/upload/fit-photo.server.ts).
 */
function withImageRules(photo: z.ZodFile) {
  return photo.superRefine((file, ctx) => {
    const problem = checkImageClaims(file, CAMERA_PHOTO_MAX_BYTES);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export function requiredPhoto(missingMessage: string) {
  return withImageRules(z.file({ error: (issue) => (issue.input === undefined ? missingMessage : MSG.imageType) }));
}

export function optionalPhoto() {
  return withImageRules(z.file({ error: MSG.imageType })).optional();
}

/**
 * A `multiple` file input of at most `max` photos: none chosen is an empty list; a refused photo's message lands
 * on the one input. The bound is also how many a posted form may send (see form-shape.server.ts).
 */
export function photoList(max: number, tooMany: string) {
  return z
    .array(z.file({ error: MSG.imageType }))
    .max(max, { error: tooMany })
    .default([])
    .superRefine((files, ctx) => {
      const problem = files.map((file) => checkImageClaims(file, CAMERA_PHOTO_MAX_BYTES)).find(Boolean);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
