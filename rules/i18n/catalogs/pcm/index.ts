import { account } from './account';
import { ads } from './ads';
import { browse } from './browse';
import { common } from './common';
import { errors } from './errors';
import { forms } from './forms';
import { mail } from './mail';
import { messages } from './messages';
import { mine } from './mine';
import { moderation } from './moderation';
import { owner } from './owner';
import { poster } from './poster';
import { reports } from './reports';
import { settings } from './settings';
import { shop } from './shop';
import { shops } from './shops';
import { simulator } from './simulator';
import { soon } from './soon';
import { verification } from './verification';

export const catalogs = {
  common,
  errors,
  browse,
  shops,
  shop,
  forms,
  account,
  owner,
  settings,
  mine,
  messages,
  mail,
  reports,
  ads,
  moderation,
  soon,
  poster,
  simulator,
  verification,
};
