// The analysis board's position (analysis.js): the position's text to copy
// or load, the position editor (analysis-edit.js per game) and, for
// draughts, PDN import and export. Methods of AnalysisPage.
import { t } from './i18n.js';
import { h, mount } from './dom.js';
import { api } from './api.js';

/** @satisfies {ThisType<import('./analysis.js').AnalysisPage>} */
export const positionMethods = {
  renderPos() {
    const input = h('input', { id: 'an-pos-input', class: 'an-posinput', autocomplete: 'off', spellcheck: 'false', 'aria-label': t('an_position') });
    const copy = h('button', { type: 'button', id: 'an-copy', onclick: async () => {
      try { await navigator.clipboard.writeText(input.value); copy.textContent = t('an_copied'); } catch { input.select(); }
    } }, t('an_copy'));
    mount(this.el.posbox, h('label', { for: 'an-pos-input' }, t('an_position')), input, h('div', { class: 'row' }, h('button', { type: 'submit', id: 'an-load' }, t('an_load')), copy),
      h('p', { class: 'error', id: 'an-pos-error', hidden: true }));
    this.el.posInput = input;
    this.el.posbox.onsubmit = (e) => { e.preventDefault(); this.loadPosition(input.value.trim()); };
  },

  posError(msg) {
    const p = this.el.posbox.querySelector('#an-pos-error');
    p.hidden = !msg;
    p.textContent = msg ? t('an_badpos', { m: msg }) : '';
  },

  async loadPosition(text) {
    let a = await this.analysis(text);
    if (a.code === 'live_game') {
      // A position of a game the player is playing: the board is shown
      // (its view is no help), its analysis refused with the reason.
      try {
        const p = await api('/api/positions', { method: 'POST', body: { game: this.gameId, variant: this.variant, position: text } });
        this.evals.set(p.view.position, a);
        a = p;
      } catch (e) {
        a = { error: e.message };
      }
    }
    if (a.error) { this.posError(a.error); return; }
    this.posError('');
    this.editing = null;
    this.setRoot(a.view);
  },

  startEdit() {
    const v = this.view;
    this.editing = { model: this.ed.parse(v.position, v), tool: this.ed.tools[0] || null, error: '', was: v };
    this.posError('');
    this.render();
  },

  // tryEdit keeps an edited position when the server reads it.
  async tryEdit(m) {
    const text = this.ed.write(m);
    let a;
    try {
      a = await api('/api/positions', { method: 'POST', body: { game: this.gameId, variant: this.variant, position: text } });
    } catch (e) {
      this.editing.error = e.message;
      this.renderEditor();
      return;
    }
    if (!this.editing) return;
    this.editing.model = this.ed.parse(a.view.position, a.view);
    if (m.owner) this.editing.model.owner = m.owner;
    this.editing.error = '';
    this.view = a.view;
    this.history = new Map([[0, { view: a.view }]]);
    this.version = 0;
    this.render();
  },

  endEdit(keep) {
    const ed = this.editing;
    this.editing = null;
    if (keep) this.setRoot(this.view);
    else { this.view = ed.was; this.show(); }
  },

  renderEditor() {
    const ed = this.ed;
    const E = this.editing;
    this.el.editor.hidden = !E;
    if (!E) { mount(this.el.editor); return; }
    const m = E.model;
    const v = this.view;
    const names = (p) => this.playerName(p);
    const tools = ed.tools.map((tool) => h('button', { type: 'button', class: `an-tool${E.tool === tool ? ' on' : ''}`, 'data-tool': tool, 'aria-pressed': String(E.tool === tool),
      onclick: () => { E.tool = tool; this.renderEditor(); } }, t(`ed_${tool}`)));
    const select = (id, label, options, value, set) => h('label', { class: 'an-select' }, `${label} `,
      h('select', { id, onchange: (e) => set(e.target.value) }, options.map((o) => h('option', { value: o.value, selected: o.value === value }, o.label))));
    const sides = ed.sides(m, v).map((s0) => ({ value: s0.value, label: names(s0.player) }));
    const parts = [h('p', { class: 'muted' }, t('an_editing'))];
    if (tools.length) parts.push(h('div', { class: 'an-tools', role: 'toolbar' }, tools));
    if (ed.owners) {
      parts.push(select('an-owner', t('an_owner'), ed.sides(m, v).map((s0) => ({ value: s0.value, label: names(s0.player) })), m.owner, (val) => { m.owner = val; }));
    }
    if (ed.toggle) { // Shut the Box: the boxes' tiles as buttons
      m.boxes.forEach((box, i) => parts.push(h('div', { class: 'an-box', 'data-box': i }, h('span', { class: 'muted' }, t('ed_box', { n: i + 1 })),
        h('div', { class: 'an-tiles' }, ed.tiles(m).map((tile) => h('button', { type: 'button', class: `an-tile${box.has(tile) ? ' up' : ''}`, 'data-tile': tile, 'aria-pressed': String(box.has(tile)),
          onclick: () => this.tryEdit(ed.toggle(m, i, tile)) }, tile))))));
      parts.push(select('an-phase', t('an_phase'), ed.phases.map((p) => ({ value: p, label: t(`ed_${p}`) })), m.phase, (val) => this.tryEdit({ ...m, phase: val })));
    }
    parts.push(select('an-side', t('an_toMove'), sides, ed.side(m), (val) => this.tryEdit(ed.setSide(m, val))));
    parts.push(h('p', { class: 'error', id: 'an-edit-error', role: 'alert', hidden: !E.error }, E.error));
    parts.push(h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary', id: 'an-edit-done', onclick: () => this.endEdit(true) }, t('an_editDone')),
      h('button', { type: 'button', id: 'an-edit-cancel', onclick: () => this.endEdit(false) }, t('an_editCancel'))));
    mount(this.el.editor, parts);
    if (this.el.posInput && document.activeElement !== this.el.posInput) this.el.posInput.value = v.position;
  },

  renderPDN() {
    if (this.gameId !== 'dames') { mount(this.el.pdn); return; }
    const area = h('textarea', { id: 'pdn-text', rows: 4, spellcheck: 'false', placeholder: t('pdn_paste'), 'aria-label': t('pdn_paste') });
    const file = h('input', { type: 'file', id: 'pdn-file', accept: '.pdn,.txt,text/plain', 'aria-label': t('pdn_file'),
      onchange: async () => { const f = file.files?.[0]; if (f) { area.value = await f.text(); this.importPDN(area.value, 0); } } });
    const note = h('p', { id: 'pdn-note', class: 'muted', role: 'status' });
    const link = h('a', { id: 'pdn-download', hidden: true, download: 'plateau-analysis.pdn' }, t('pdn_download'));
    mount(this.el.pdn, h('h2', {}, t('pdn_title')), area,
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'pdn-import', onclick: () => this.importPDN(area.value, 0) }, t('pdn_import')),
        h('button', { type: 'button', id: 'pdn-export', onclick: () => this.exportPDN() }, t('pdn_export'))),
      file, note, link);
    this.el.pdnArea = area;
    this.el.pdnNote = note;
    this.el.pdnLink = link;
  },

  async importPDN(text, n) {
    const note = this.el.pdnNote;
    note.classList.remove('error');
    let a;
    try {
      a = await api('/api/pdn', { method: 'POST', body: { pdn: text, game: n, variant: this.variant } });
    } catch (e) {
      note.classList.add('error');
      note.textContent = t('error', { m: e.message });
      return;
    }
    const start = await this.analysis(a.start);
    if (!start.view) { note.textContent = t('error', { m: start.error }); return; }
    this.editing = null;
    this.root0 = start.view;
    let player = start.view.toMove;
    this.tree = { kids: [], sel: 0 };
    let node = this.tree;
    for (const m of a.moves) {
      const x = { notation: m.move, player, position: m.position, kids: [], sel: 0 };
      node.kids.push(x);
      node = x;
      player = 1 - player;
    }
    this.follow();
    this.at = 0;
    const picker = a.games > 1 ? h('select', { id: 'pdn-game', onchange: (e) => this.importPDN(text, +e.target.value) },
      Array.from({ length: a.games }, (_, i) => h('option', { value: i, selected: i === n }, t('pdn_game', { n: i + 1, m: a.games })))) : null;
    mount(note, t('pdn_loaded', { n: a.moves.length }), ' ', picker);
    this.show();
  },

  async exportPDN() {
    const body = { variant: this.variant, position: this.root0.position, moves: this.line.map((m) => m.notation) };
    const res = await fetch('/api/pdn/export', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) { this.el.pdnNote.textContent = t('error', { m: text }); return; }
    this.el.pdnArea.value = text;
    const link = this.el.pdnLink;
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-pdn' }));
    link.hidden = false;
  },
};
