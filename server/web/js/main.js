// Entry point: routes / to the lobby, /g/{id} to a game page, /@/{name}
// to a player's page, /analysis and /puzzles to theirs, and wires the
// language switch and the account control.
import { lang, setLang, onLang } from './i18n.js';
import { go } from './dom.js';
import { GamePage } from './game.js';
import { mountAccount } from './account.js';

const app = document.getElementById('app');
let page = null;

function markLang() {
  document.documentElement.lang = lang;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-lang]'))) b.setAttribute('aria-pressed', String(b.dataset.lang === lang));
}

// The game page is imported statically: it is the page that must be
// playable at once; the lobby loads on demand (the lobby page preloads it).
async function route() {
  page?.destroy?.();
  page = null;
  const m = location.pathname.match(/^\/g\/([^/]+)\/?$/);
  const p = location.pathname.match(/^\/@\/([^/]+)\/?$/);
  const an = location.pathname.match(/^\/analysis(?:\/([^/]*))?\/?$/);
  const tm = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const pz = location.pathname.match(/^\/puzzles(?:\/([^/]*))?\/?$/);
  if (m) {
    page = new GamePage(app, decodeURIComponent(m[1]));
  } else if (p) {
    const { PlayerPage } = await import('./player.js');
    page = new PlayerPage(app, decodeURIComponent(p[1]));
  } else if (tm) {
    const { TournamentPage } = await import('./tournament.js');
    page = new TournamentPage(app, decodeURIComponent(tm[1]));
  } else if (an) {
    const { AnalysisPage, AnalysisIndex } = await import('./analysis.js');
    page = an[1] ? new AnalysisPage(app, decodeURIComponent(an[1])) : new AnalysisIndex(app);
  } else if (pz) {
    const { PuzzlePage, PuzzleIndex } = await import('./puzzles.js');
    page = pz[1] ? new PuzzlePage(app, decodeURIComponent(pz[1])) : new PuzzleIndex(app);
  } else {
    const { Lobby } = await import('./lobby.js');
    page = new Lobby(app);
  }
}


document.addEventListener('click', (e) => {
  const target = /** @type {Element} */ (e.target);
  const b = /** @type {HTMLElement|null} */ (target.closest('[data-lang]'));
  if (b) { setLang(b.dataset.lang); return; }
  const a = target.closest('a[data-nav]');
  if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.button === 0) {
    e.preventDefault();
    go(a.getAttribute('href'));
  }
});
window.addEventListener('popstate', route);
onLang(() => { markLang(); page?.redraw?.(); });
markLang();
mountAccount(document.getElementById('account'));
route();
