// The account control of every page's header (docs/api.md, Accounts): the
// name signed in, linking to the player's page, and a sign-out button; for
// a guest, a button opening the sign-in / sign-up dialog (signin.js, loaded
// on demand).
import { h, mount } from './dom.js';
import { t, onLang } from './i18n.js';
import { api } from './api.js';

let mePromise;
/** me resolves to the account signed in ({name, created}) or null (cached for the page's life). */
export function me() {
  mePromise ??= api('/api/account').then((r) => (r && r.account) || null).catch(() => null);
  return mePromise;
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

/** signOut ends this session (or every session of the account, with /api/account/signout-all) and reloads. */
export async function signOut(path) {
  try { await api(path, { method: 'POST', body: {} }); } catch { /* signed out already */ }
  location.reload();
}
