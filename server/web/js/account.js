// The account control of every page's header (docs/api.md, Accounts): the
// name signed in, linking to the player's page, and a sign-out button; for
// a guest, a button opening the sign-in / sign-up dialog (signin.js, loaded
// on demand).
import { h, mount } from './dom.js';
import { t, onLang } from './i18n.js';
import { api, forgetAll } from './api.js';

// SIGNED_IN marks a browser signed in: a page that then finds itself signed
// out (signed out everywhere from another device, the session expired)
// forgets the seat tokens, as the sign-out button does.
const SIGNED_IN = 'plateau.signedIn';

function noteSession(account) {
  try {
    if (account) localStorage.setItem(SIGNED_IN, '1');
    else if (localStorage.getItem(SIGNED_IN)) { forgetAll(); localStorage.removeItem(SIGNED_IN); }
  } catch { /* storage may be disabled */ }
}

let mePromise;
/** me resolves to the account signed in ({name, created}) or null (cached for the page's life). */
export function me() {
  mePromise ??= api('/api/account').then((r) => {
    const a = (r && r.account) || null;
    noteSession(a);
    return a;
  }).catch(() => null);
  return mePromise;
}

/**
 * tokensReady resolves once the seat tokens this browser holds may be read:
 * at once on a browser that was not signed in, else after the session check
 * (me), which forgets them if the session ended meanwhile.
 */
export function tokensReady() {
  try { if (!localStorage.getItem(SIGNED_IN)) return Promise.resolve(null); } catch { return Promise.resolve(null); }
  return me();
}

/** mountAccount draws the account control in el and keeps it in the page's language. */
export function mountAccount(el) {
  if (!el) return;
  const draw = async () => {
    const a = await me();
    if (a) {
      mount(el,
        h('a', { href: `/@/${encodeURIComponent(a.name)}`, class: 'who', id: 'account-me', 'data-nav': true }, a.name),
        h('button', { type: 'button', id: 'signout', onclick: () => signOut('/api/account/signout') }, t('signOut')));
    } else {
      mount(el, h('button', { type: 'button', id: 'signin-open', onclick: async () => (await import('./signin.js')).openDialog() }, t('signIn')));
    }
  };
  draw();
  onLang(draw);
}

/**
 * signOut ends this session (or every session of the account, with
 * /api/account/signout-all), forgets the seat tokens this browser holds, and
 * reloads.
 */
export async function signOut(path) {
  forgetAll();
  try { localStorage.removeItem(SIGNED_IN); } catch { /* storage may be disabled */ }
  try { await api(path, { method: 'POST', body: {} }); } catch { /* signed out already */ }
  location.reload();
}
