import type { AREAS } from './areas';

/** Every key of every English catalog: a type only, so nothing of the catalogs is bundled by naming it. */
export type MessageKey = { [A in keyof typeof AREAS]: keyof (typeof AREAS)[A]['source'] }[keyof typeof AREAS] & string;
