import { account } from './account';
import { browse } from './browse';
import { common } from './common';
import { errors } from './errors';
import { forms } from './forms';
import { mail } from './mail';
import { messages } from './messages';
import { mine } from './mine';
import { owner } from './owner';
import { reports } from './reports';
import { settings } from './settings';
import { shop } from './shop';
import { shops } from './shops';

export const catalogs = { common, errors, browse, shops, shop, forms, account, owner, settings, mine, messages, mail, reports };
