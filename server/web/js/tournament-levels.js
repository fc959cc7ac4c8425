// The tournament page's computer levels: its creator enters a level of
// the game (GET /api/levels) as its own player, POST
// /api/tournaments/{id}/levels, while the tournament is not over
// (docs/tournaments.md, Computer levels).
import { t, addStrings } from './i18n.js';
import { h } from './dom.js';
import { api } from './api.js';
import { levels } from './level-cards.js';

addStrings({
  en: { tLevelEnter: 'Enter a computer level:', tLevelGo: 'Enter', tLevelTag: 'computer' },
  fr: { tLevelEnter: 'Inscrire un niveau de l’ordinateur :', tLevelGo: 'Inscrire', tLevelTag: 'ordinateur' },
});

/** levelTag marks a computer level's line in the standings. */
export const levelTag = (level) => h('span', { class: 'muted', 'data-level': level }, ` · ${t('tLevelTag')}`);

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

async function enter(p, level, btn) {
  if (!level) return;
  btn.disabled = true;
  p.levelPick = level;
  const id = encodeURIComponent(p.id);
  try {
    await api(`/api/tournaments/${id}/levels`, { method: 'POST', body: { level } });
    p.error = '';
    p.take(await api(`/api/tournaments/${id}`));
  } catch (e) {
    p.error = e.message;
    btn.disabled = false;
    p.redraw();
  }
}
