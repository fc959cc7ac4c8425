// French and English strings. The language comes from the browser unless the
// player picked one, which is remembered.

const dict = {
  en: {
    lobby: 'Lobby', newGame: 'New game', game: 'Game', variant: 'Variant', seats: 'Seats',
    seat: 'Seat {n}', player: 'Player {n}', me: 'Me (this screen)', friend: 'A friend (invite link)',
    ai: 'Computer — {level}', random: 'random moves', greedy: 'greedy', easy: 'easy', medium: 'medium', hard: 'hard', max: 'strongest',
    casual: 'Casual (undo allowed)', create: 'Create', creating: 'Creating…',
    invite: 'Invite link for seat {n}', copy: 'Copy', copied: 'Copied', open: 'Open the game',
    openGames: 'Open games', liveGames: 'Games in progress', myGames: 'My recent games',
    none: 'None yet.', watch: 'Watch', play: 'Play', resume: 'Resume', forget: 'Forget',
    status_open: 'open', status_live: 'live', status_finished: 'finished',
    moves: 'Moves', toMove: '{p} to move', yourTurn: 'Your turn', rolling: 'Rolling the dice…',
    waiting: 'Waiting for {p}', spectator: 'You are watching', youAre: 'You play {p}',
    resign: 'Resign', offerDraw: 'Offer draw', undoReq: 'Ask to undo', rematch: 'Rematch',
    accept: 'Accept', decline: 'Decline', confirm: 'Play this move', undoStep: 'Back',
    drawOffered: '{p} offers a draw.', undoRequested: '{p} asks to take back a move.',
    drawDeclined: 'Draw declined.', undoDeclined: 'Undo declined.',
    resignConfirm: 'Click again to resign', reconnecting: 'Connection lost — reconnecting…',
    over: 'Game over', won: '{p} wins', youWon: 'You won!', youLost: 'You lost.', draw: 'Draw',
    drawn: 'Draw between {p}', score: 'Score', close: 'Close', newRematch: 'Rematch ready: open it',
    replay: 'Replay', live: 'Live', typeMove: 'Move (notation)', send: 'Send', choose: 'Which move?',
    notFound: 'This game does not exist.', error: 'Error: {m}', language: 'Language',
    err_stale_version: 'The game moved on; updated.', err_illegal_move: 'Illegal move.',
    err_not_your_turn: 'Not your turn.', err_not_allowed: 'Not allowed.', err_game_over: 'The game is over.',
    err_bad_token: 'This seat link is not valid.', err_rate_limited: 'Slow down.',
    hint: 'Hint', hints: 'Show hints', bestMove: 'Best: {m}', chance: 'Dice', nobody: '—',
    hintMove: 'Move', hintScore: 'Expected score', hintShut: 'Shut chance', hintWin: 'Win chance', hintLoading: 'Computing the hints…', hintEstimate: 'Win chance: an estimate with 3 or 4 players.', hintsTitle: 'Hints (best first)',
    roll: 'roll', seatFree: 'waiting for a player', seatJoined: 'joined', tiles: 'Tiles',
    home: 'Home', bar: 'Bar', off: 'Off', arrival: 'Arrival', ball: 'Ball', opponent: 'Opponent',
    flip: 'Flip board', watchers: 'Link to watch', hotseat: 'Hot-seat: you play {p}',
    kind_passage: 'passage', kind_repos: 'rest', kind_double: 'double', export: 'Game record (JSON, verifiable dice)', pdn: 'PDN', aiShort: 'AI', blocked: 'blocked',
    open_seat: 'Anyone (open seat in the lobby)', openNote: 'Seat {n} is open: anyone can take it from the lobby.', join: 'Join (seat {n})', err_seat_taken: 'Someone took this seat first.', err_seat_not_open: 'This seat is not open.',
    clock: 'Clock', clockMinutes: 'Minutes per player (0: no clock)', clockIncrement: 'Seconds added per move', reason_time: 'out of time', take: 'Take this seat',
    rules: 'Rules',
  },
  fr: {
    lobby: 'Salon', newGame: 'Nouvelle partie', game: 'Jeu', variant: 'Variante', seats: 'Places',
    seat: 'Place {n}', player: 'Joueur {n}', me: 'Moi (cet écran)', friend: 'Un ami (lien d’invitation)',
    ai: 'Ordinateur — {level}', random: 'coups au hasard', greedy: 'glouton', easy: 'facile', medium: 'moyen', hard: 'difficile', max: 'le plus fort',
    casual: 'Amicale (retour arrière permis)', create: 'Créer', creating: 'Création…',
    invite: 'Lien d’invitation pour la place {n}', copy: 'Copier', copied: 'Copié', open: 'Ouvrir la partie',
    openGames: 'Parties ouvertes', liveGames: 'Parties en cours', myGames: 'Mes parties récentes',
    none: 'Aucune pour l’instant.', watch: 'Regarder', play: 'Jouer', resume: 'Reprendre', forget: 'Oublier',
    status_open: 'ouverte', status_live: 'en cours', status_finished: 'terminée',
    moves: 'Coups', toMove: 'Au tour de {p}', yourTurn: 'À vous de jouer', rolling: 'Lancer des dés…',
    waiting: 'En attente de {p}', spectator: 'Vous regardez', youAre: 'Vous jouez {p}',
    resign: 'Abandonner', offerDraw: 'Proposer nulle', undoReq: 'Demander à reprendre', rematch: 'Revanche',
    accept: 'Accepter', decline: 'Refuser', confirm: 'Jouer ce coup', undoStep: 'Retour',
    drawOffered: '{p} propose la nulle.', undoRequested: '{p} demande à reprendre un coup.',
    drawDeclined: 'Nulle refusée.', undoDeclined: 'Reprise refusée.',
    resignConfirm: 'Cliquer encore pour abandonner', reconnecting: 'Connexion perdue — reconnexion…',
    over: 'Partie terminée', won: '{p} gagne', youWon: 'Vous avez gagné !', youLost: 'Vous avez perdu.',
    draw: 'Nulle', drawn: 'Égalité entre {p}', score: 'Score', close: 'Fermer',
    newRematch: 'Revanche prête : l’ouvrir', replay: 'Relecture', live: 'Direct', typeMove: 'Coup (notation)',
    send: 'Envoyer', choose: 'Quel coup ?', notFound: 'Cette partie n’existe pas.', error: 'Erreur : {m}',
    language: 'Langue',
    err_stale_version: 'La partie a avancé ; mise à jour.', err_illegal_move: 'Coup illégal.',
    err_not_your_turn: 'Ce n’est pas votre tour.', err_not_allowed: 'Non permis.',
    err_game_over: 'La partie est finie.', err_bad_token: 'Ce lien de place n’est pas valide.',
    err_rate_limited: 'Doucement.',
    hint: 'Conseil', hints: 'Afficher les conseils', bestMove: 'Meilleur : {m}', chance: 'Dés', nobody: '—',
    hintMove: 'Coup', hintScore: 'Score espéré', hintShut: 'Chance de fermer', hintWin: 'Chance de gagner', hintLoading: 'Calcul des conseils…', hintEstimate: 'Chance de gagner : une estimation à 3 ou 4 joueurs.', hintsTitle: 'Conseils (le meilleur d’abord)',
    roll: 'lancer', seatFree: 'en attente d’un joueur', seatJoined: 'présent', tiles: 'Cases',
    home: 'Maison', bar: 'Prison', off: 'Sortis', arrival: 'Arrivée', ball: 'Ballon', opponent: 'Adversaire',
    flip: 'Retourner', watchers: 'Lien pour regarder', hotseat: 'Même écran : vous jouez {p}',
    kind_passage: 'passage', kind_repos: 'repos', kind_double: 'double', export: 'Relevé de la partie (JSON, dés vérifiables)', pdn: 'PDN', aiShort: 'IA', blocked: 'bloqué',
    open_seat: 'N’importe qui (place libre au salon)', openNote: 'La place {n} est libre : n’importe qui peut la prendre depuis le salon.', join: 'Jouer (place {n})', err_seat_taken: 'Quelqu’un a pris cette place avant vous.', err_seat_not_open: 'Cette place n’est pas libre.',
    clock: 'Pendule', clockMinutes: 'Minutes par joueur (0 : sans pendule)', clockIncrement: 'Secondes ajoutées par coup', reason_time: 'temps écoulé', take: 'Prendre cette place',
    rules: 'Règles',
  },
};

const KEY = 'plateau.lang';

function pick() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && dict[saved]) return saved;
  } catch { /* storage may be disabled */ }
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const short = String(l).slice(0, 2).toLowerCase();
    if (dict[short]) return short;
  }
  return 'en';
}

export let lang = pick();

const listeners = new Set();

/** onLang registers fn to run after a language switch. */
export function onLang(fn) { listeners.add(fn); return () => listeners.delete(fn); }

/** setLang switches the language, remembers it and redraws. */
export function setLang(l) {
  if (!dict[l] || l === lang) return;
  lang = l;
  try { localStorage.setItem(KEY, l); } catch { /* ignore */ }
  document.documentElement.lang = l;
  for (const fn of listeners) fn(l);
}

/** t returns the string for key in the current language, with {name} filled from params. */
export function t(key, params) {
  let s = dict[lang][key] ?? dict.en[key] ?? key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return s;
}

/** has reports whether key has a translation. */
export const has = (key) => key in dict.en;

/** gameName is a game's name in the current language, from the catalog. */
export const gameName = (cat, id) => {
  const g = cat && cat.find((x) => x.id === id);
  return g ? (lang === 'fr' ? g.name_fr : g.name_en) || id : id;
};
