// The words of the page (i18n.js): singular forms where a count is one (0
// and 1 in French), puzzle themes in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// i18n.js reads the browser's saved and preferred languages as it loads.
globalThis.localStorage = { getItem: () => null, setItem() {} };
if (!globalThis.navigator) Object.defineProperty(globalThis, 'navigator', { value: { languages: ['en'] }, configurable: true });
globalThis.document = { documentElement: {} };
const { t, setLang, addStrings } = await import('../web/js/i18n.js');
const { themeName } = await import('../web/js/puzzle-text.js');

test('a count of one takes the singular where the language has one', () => {
  setLang('en');
  assert.equal(t('pz_tried', { n: 1, s: 0 }), '1 try, 0 solved');
  assert.equal(t('pz_tried', { n: 2, s: 1 }), '2 tries, 1 solved');
  assert.equal(t('pz_tried', { n: 0, s: 0 }), '0 tries, 0 solved');
  setLang('fr');
  assert.equal(t('pz_tried', { n: 1, s: 1 }), 'essais : 1, résolus : 1');
  addStrings({ en: { test_n: '{n} things', test_n_one: '1 thing' }, fr: { test_n: '{n} choses', test_n_one: '{n} chose' } });
  assert.equal(t('test_n', { n: 0 }), '0 chose');
  assert.equal(t('test_n', { n: 1 }), '1 chose');
  assert.equal(t('test_n', { n: 2 }), '2 choses');
  setLang('en');
  assert.equal(t('test_n', { n: 0 }), '0 things');
  assert.equal(t('test_n', { n: 1 }), '1 thing');
});

test('puzzle themes are named in the page language, unknown ones kept', () => {
  setLang('en');
  assert.equal(themeName('king capture'), 'king capture');
  assert.equal(themeName('bear-off race'), 'bearing-off race');
  assert.equal(themeName('something new'), 'something new');
  setLang('fr');
  assert.equal(themeName('multi-capture'), 'rafle');
  assert.equal(themeName('cover'), 'fermer les cases');
});
