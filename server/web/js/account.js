// The account control of every page's header (docs/api.md, Accounts): the
// name signed in, linking to the player's page, and a sign-out button; for
// a guest, a button opening the sign-in / sign-up dialog. Signing in or up
// hands the server the seat tokens this browser holds as a guest, so that
// those games become the account's.
import { h, mount } from './dom.js';
import { t, onLang } from './i18n.js';
import { api, APIError, mine } from './api.js';

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
      mount(el, h('button', { type: 'button', id: 'signin-open', onclick: () => openDialog() }, t('signIn')));
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

// message says in the page's language why the server refused a sign-in or sign-up.
function message(e) {
  if (!(e instanceof APIError)) return t('error', { m: e.message });
  if (e.code === 'name_taken') return t('nameTaken');
  if (e.code === 'bad_credentials') return t('badCredentials');
  if (e.code === 'rate_limited') return t('tooManyAttempts');
  if (e.field === 'name') return t('nameRules');
  if (e.field === 'password') return t('passwordRules');
  return t('error', { m: e.message });
}

// claimGuestSeats gives the account the seats this browser holds as a guest.
async function claimGuestSeats() {
  const seats = [];
  for (const [game, g] of Object.entries(mine())) {
    for (const token of Object.values(g.tokens || {})) if (token) seats.push({ game, token });
  }
  if (!seats.length) return;
  try { await api('/api/account/claim-guest', { method: 'POST', body: { seats: seats.slice(0, 100) } }); } catch { /* the games stay a guest's */ }
}

/** openDialog shows the sign-in form, which switches to sign-up. */
export function openDialog(mode = 'signin') {
  const err = h('p', { class: 'error', role: 'alert', id: 'account-error' });
  const name = h('input', { name: 'name', id: 'account-name', autocomplete: 'username', required: true, maxlength: 20, autocapitalize: 'off', spellcheck: 'false' });
  const pw = h('input', { name: 'password', id: 'account-password', type: 'password', required: true });
  const title = h('h2', {});
  const rules = h('p', { class: 'muted small', id: 'account-rules' });
  const submit = h('button', { type: 'submit', class: 'primary', id: 'account-submit' });
  const other = h('button', { type: 'button', class: 'link', id: 'account-switch' });
  const close = h('button', { type: 'button', id: 'account-close', onclick: () => d.close() }, t('close'));
  const draw = () => {
    title.textContent = t(mode === 'signin' ? 'signIn' : 'signUp');
    submit.textContent = t(mode === 'signin' ? 'signIn' : 'createAccount');
    other.textContent = t(mode === 'signin' ? 'noAccount' : 'haveAccount');
    rules.textContent = mode === 'signup' ? `${t('nameRules')} ${t('passwordRules')}` : '';
    pw.autocomplete = mode === 'signin' ? 'current-password' : 'new-password';
  };
  other.onclick = () => { mode = mode === 'signin' ? 'signup' : 'signin'; err.textContent = ''; draw(); };
  const form = h('form', { class: 'account-form', novalidate: true },
    title,
    h('label', {}, t('accountName'), name),
    h('label', {}, t('password'), pw),
    rules, err,
    h('div', { class: 'row' }, submit, close),
    other);
  form.onsubmit = async (e) => {
    e.preventDefault();
    err.textContent = '';
    submit.disabled = true;
    try {
      await api(`/api/account/${mode}`, { method: 'POST', body: { name: name.value.trim(), password: pw.value } });
      await claimGuestSeats();
      location.reload();
    } catch (x) {
      err.textContent = message(x);
      submit.disabled = false;
      (x.field === 'password' ? pw : name).focus();
    }
  };
  const d = h('dialog', { class: 'account-dialog', id: 'account-dialog' }, form);
  d.addEventListener('close', () => d.remove());
  draw();
  document.body.append(d);
  d.showModal();
  name.focus();
}
