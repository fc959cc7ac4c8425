// The tournament page's computer levels: its creator enters a level of
// the game (GET /api/levels) as its own player, POST
// /api/tournaments/{id}/levels, and withdraws it, DELETE
// /api/tournaments/{id}/levels/{level}, while the tournament is not over
// (docs/tournaments.md, Computer levels).
import { t, addStrings } from './i18n.js';
import { h } from './dom.js';
import { api } from './api.js';
import { levels } from './level-cards.js';

addStrings({
  en: { tLevelEnter: 'Enter a computer level:', tLevelGo: 'Enter', tLevelTag: 'computer', tLevelWithdraw: 'Withdraw this level' },
  fr: { tLevelEnter: 'Inscrire un niveau de l’ordinateur :', tLevelGo: 'Inscrire', tLevelTag: 'ordinateur', tLevelWithdraw: 'Retirer ce niveau' },
});

/**
 * levelTag marks computer level line l in the standings of tournament
 * page p; its creator gets a button that withdraws the level (its
 * results stay) while the tournament is not over.
 */
export function levelTag(p, l) {
  const tag = h('span', { class: 'muted', 'data-level': l.level }, ` · ${t('tLevelTag')}`);
  if (!p.v.me?.creator || l.left || p.v.status === 'finished') return tag;
  const btn = h('button', { type: 'button', class: 'link', 'data-withdraw': l.level, title: t('tLevelWithdraw'), 'aria-label': t('tLevelWithdraw'),
    onclick: () => send(p, btn, `/levels/${encodeURIComponent(l.level)}`, { method: 'DELETE' }) }, '×');
  return [tag, ' ', btn];
}

/**
 * levelForm is the creator's small form for tournament page p (its id,
 * its view v, take(view) and error): a select of the game's levels and a
 * button. The levels fill in when they arrive; the choice is kept in p.
 */
export function levelForm(p) {
  const v = p.v;
  const select = h('select', { name: 'tlevel', id: 'tlevel', onchange: (e) => { p.levelPick = e.target.value; } });
  const btn = h('button', { type: 'button', id: 'tlevel-enter', disabled: true, onclick: () => enter(p, select.value, btn) }, t('tLevelGo'));
  levels().then((ls) => {
    const g = (ls.games || []).find((x) => x.game === v.game);
    if (!g?.levels?.length) return;
    for (const l of g.levels) {
      select.append(h('option', { value: l.level, selected: l.level === p.levelPick || null }, `${t(l.level)} · ${l.rating}`));
    }
    btn.disabled = false;
  });
  return h('p', { class: 'tlevels', id: 'tlevels' }, h('label', {}, t('tLevelEnter'), ' ', select), ' ', btn);
}

function enter(p, level, btn) {
  if (!level) return;
  p.levelPick = level;
  send(p, btn, '/levels', { method: 'POST', body: { level } });
}

// send makes request opts to the tournament's path, then shows the
// tournament as it is now, or the error.
async function send(p, btn, path, opts) {
  btn.disabled = true;
  const id = encodeURIComponent(p.id);
  try {
    await api(`/api/tournaments/${id}${path}`, opts);
    p.error = '';
    p.take(await api(`/api/tournaments/${id}`));
  } catch (e) {
    p.error = e.message;
    btn.disabled = false;
    p.redraw();
  }
}
