import { common } from './common';
import { errors } from './errors';

export const catalogs = { common, errors };
