import { browse } from './browse';
import { common } from './common';
import { errors } from './errors';
import { shop } from './shop';
import { shops } from './shops';

export const catalogs = { common, errors, browse, shops, shop };
