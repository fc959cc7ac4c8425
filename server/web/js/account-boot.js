// The account control of the pages the server writes whole (the rules
// pages): in the page's language.
import { setLang } from './i18n.js';
import { mountAccount } from './account.js';

setLang(document.documentElement.lang);
mountAccount(document.getElementById('account'));
