// Sounds of the game page: a short tone for a move, two for a capture,
// made by WebAudio (no sound files). The mute toggle is remembered.

const KEY = 'plateau.mute';

/** heard counts what was asked (last: 'move' or 'capture') and what sounded (tones): for the tests. */
export const heard = { last: '', asked: 0, tones: 0 };
window.plateauSound = heard; // for the browser tests

/** muted says whether this browser silenced the game page. */
export function muted() {
  try { return localStorage.getItem(KEY) === '1'; } catch { return false; }
}

/** setMuted remembers the mute toggle. */
export function setMuted(on) {
  try { localStorage.setItem(KEY, on ? '1' : '0'); } catch { /* storage may be disabled */ }
}

// A browser lets a page make sounds after a gesture only: the first press
// or key allows the audio context.
let allowed = false;
for (const ev of ['pointerdown', 'keydown']) addEventListener(ev, () => { allowed = true; }, { capture: true, once: true });

let ac = null;

/** play sounds a move ('move') or a capture ('capture') unless muted. */
export function play(kind) {
  heard.last = kind;
  heard.asked++;
  if (muted() || !allowed || !window.AudioContext) return;
  try {
    ac ??= new AudioContext();
    const t0 = ac.currentTime + 0.01;
    const notes = kind === 'capture' ? [[740, 0], [494, 0.08]] : [[587, 0]];
    for (const [f, at] of notes) tone(f, t0 + at);
    heard.tones += notes.length;
  } catch { /* no audio output: stay silent */ }
}

// tone is a short wooden knock: a triangle wave falling in pitch, with a
// fast attack and decay.
function tone(freq, t0) {
  const o = ac.createOscillator();
  const g = ac.createGain();
  o.type = 'triangle';
  o.frequency.setValueAtTime(freq, t0);
  o.frequency.exponentialRampToValueAtTime(freq * 0.6, t0 + 0.1);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(0.3, t0 + 0.006);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.13);
  o.connect(g).connect(ac.destination);
  o.start(t0);
  o.stop(t0 + 0.15);
}
