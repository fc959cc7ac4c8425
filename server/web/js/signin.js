// The sign-in / sign-up dialog of the header's account control (account.js),
// loaded on demand. Signing in or up hands the server the seat tokens this
// browser holds as a guest, so that those games become the account's.
import { h } from './dom.js';
import { t, addStrings } from './i18n.js';
import { api, APIError, mine } from './api.js';

addStrings({
  en: {
    signUp: 'Sign up', createAccount: 'Create the account', noAccount: 'No account yet? Sign up',
    haveAccount: 'Have an account? Sign in', accountName: 'Name', password: 'Password',
    nameRules: 'A name has 3 to 20 characters: letters A-Z without accents, digits, _ or -, beginning with a letter or a digit.',
    passwordRules: 'A password has at least 10 characters, is not a common one and does not contain the name.', nameTaken: 'This name is taken (case does not count).',
    badCredentials: 'Wrong name or password.', tooManyAttempts: 'Too many attempts: wait a minute, then retry.', retryIn: 'Too many attempts: retry in {s} s.',
    password_too_short: 'A password has at least 10 characters.',
    password_too_long: 'A password has at most 256 bytes.',
    password_blank: 'A password is not only spaces or control characters.',
    password_common: 'This password is one of the 10,000 most common ones, which guessers try first: choose another.',
    password_contains_name: 'A password does not contain the name.',
  },
  fr: {
    signUp: 'Créer un compte', createAccount: 'Créer le compte', noAccount: 'Pas encore de compte ? En créer un',
    haveAccount: 'Déjà un compte ? Se connecter', accountName: 'Nom', password: 'Mot de passe',
    nameRules: 'Un nom a de 3 à 20 caractères : lettres A-Z sans accents, chiffres, _ ou -, et commence par une lettre ou un chiffre.',
    passwordRules: 'Un mot de passe a au moins 10 caractères, n’est pas un mot de passe courant et ne contient pas le nom.',
    nameTaken: 'Ce nom est déjà pris (majuscules et minuscules se valent).',
    badCredentials: 'Nom ou mot de passe incorrect.',
    tooManyAttempts: 'Trop de tentatives : attendez une minute, puis réessayez.',
    retryIn: 'Trop de tentatives : réessayez dans {s} s.',
    password_too_short: 'Un mot de passe a au moins 10 caractères.',
    password_too_long: 'Un mot de passe a au plus 256 octets.',
    password_blank: 'Un mot de passe n’est pas fait que d’espaces ou de caractères de contrôle.',
    password_common: 'Ce mot de passe est l’un des 10 000 plus courants, que l’on essaie en premier : choisissez-en un autre.',
    password_contains_name: 'Un mot de passe ne contient pas le nom.',
  },
});

// message says in the page's language why the server refused a sign-in or sign-up.
function message(e) {
  if (!(e instanceof APIError)) return t('error', { m: e.message });
  if (e.code === 'name_taken') return t('nameTaken');
  if (e.code === 'bad_credentials') return t('badCredentials');
  if (e.code === 'rate_limited') return e.retryAfter > 0 ? t('retryIn', { s: e.retryAfter }) : t('tooManyAttempts');
  if (e.field === 'name') return t('nameRules');
  if (e.field === 'password') return e.reason ? t(`password_${e.reason}`) : t('passwordRules');
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
