// French and English strings. The language comes from the browser unless the
// player picked one, which is remembered.

const dict = {
  en: {
    lobby: 'Lobby', newGame: 'New game', game: 'Game', variant: 'Variant', seats: 'Seats',
    seat: 'Seat {n}', player: 'Player {n}', me: 'Me (this screen)', friend: 'A friend (invite link)',
    ai: 'Computer — {level}', random: 'random moves', greedy: 'greedy', easy: 'easy', medium: 'medium', hard: 'hard', max: 'strongest', levelElo: '{level}, about {elo}', levelEloTied: '{level}, about {elo} (≈ {below})', eloScale: 'The computer’s figures: the ratings its levels start from on the players’ scale (random moves = 400), from the Elo measured between its levels.', levelTied: 'Not measurably stronger than {below}: in the published ladder the two score about even.',
    casual: 'Casual (undo allowed)', create: 'Create', creating: 'Creating…',
    invite: 'Invite link for seat {n}', copy: 'Copy', copied: 'Copied', open: 'Open the game',
    openGames: 'Open games', liveGames: 'Games in progress', myGames: 'My recent games',
    none: 'None yet.', watch: 'Watch', play: 'Play', resume: 'Resume', forget: 'Forget',
    status_open: 'open', status_live: 'live', status_finished: 'finished',
    moves: 'Moves', toMove: '{p} to move', yourTurn: 'Your turn', rolling: 'Rolling the dice…',
    waiting: 'Waiting for {p}', moveSent: 'Move sent', spectator: 'You are watching', youAre: 'You play {p}',
    resign: 'Resign', offerDraw: 'Offer draw', undoReq: 'Ask to undo', rematch: 'Rematch',
    accept: 'Accept', decline: 'Decline', confirm: 'Play this move', undoStep: 'Back',
    drawOffered: '{p} offers a draw.', undoRequested: '{p} asks to take back a move.',
    drawDeclined: 'Draw declined.', undoDeclined: 'Undo declined.',
    berserk: 'Berserk: half your time, +1 point for a win', berserked: 'Berserk: half the time, no increment',
    resignConfirm: 'Click again to resign', reconnecting: 'Connection lost — reconnecting…',
    paused: 'No player is connected: the game is paused here.', followAgain: 'Follow it again',
    over: 'Game over', won: '{p} wins', wonMany: '{p} win', and: 'and', scoreIs: 'Score: {s}', youWon: 'You won!', youLost: 'You lost.', draw: 'Draw',
    aborted: 'Game aborted, not rated: it ended before each player made two moves',
    drawn: 'Draw between {p}', score: 'Score', close: 'Close', newRematch: 'Rematch ready: open it',
    replay: 'Replay', live: 'Live', typeMove: 'Move (notation)', send: 'Send', choose: 'Which move?',
    notFound: 'This game does not exist.', error: 'Error: {m}', language: 'Language',
    err_stale_version: 'The game moved on; updated.', err_illegal_move: 'Illegal move.',
    err_not_your_turn: 'Not your turn.', err_not_allowed: 'Not allowed.', err_game_over: 'The game is over.',
    err_bad_token: 'This seat link is not valid.', err_rate_limited: 'Slow down.', err_sign_in: 'This game is rated: sign in to play it.',
    err_busy: 'Other moves came first: try again.',
    err_storage_unavailable: 'The server cannot save moves right now; your move was not played. Try again in a moment.',
    hint: 'Hint', hints: 'Show hints', bestMove: 'Best: {m}', chance: 'Dice', nobody: '—',
    hintMove: 'Move', hintScore: 'Expected score', hintShut: 'Shut chance', hintWin: 'Win chance', hintLoading: 'Computing the hints…', hintEstimate: 'Win chance: an estimate with 3 or 4 players.', hintsTitle: 'Hints (best first)',
    // the computer review (review.js)
    review: 'Computer review', reviewAsk: 'Request a computer review', reviewRunning: 'Computer review in progress…', reviewGameRunning: 'The review is available once the game is over.', reviewFailed: 'The review failed: {m}', reviewNext: 'Next: {v}', reviewQueued: '{n} in the queue: the computer reviews other games first.',
    inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder', inaccuracies: 'Inaccuracies', mistakes: 'Mistakes', blunders: 'Blunders',
    reviewPlayer: 'Player', reviewAvgLoss: 'Average loss', reviewPick: 'Select a move (in the list or on the graph) to see the best one.', reviewIsBest: 'Best move.', reviewForced: 'only move',
    reviewLine: 'line: {l}', reviewWin: 'Win chance ({p}) {a} → {b}', reviewEngine: 'Judged by: {e}', engineExact: 'the exact solver', engineLevel: 'the computer, level {l}',
    reviewGraph: 'Win chance of {p} over the moves', reviewGraphMulti: 'Each player’s win chance over their moves', unit_men: 'men', unit_expected_score: 'expected score',
    roll: 'roll', seatFree: 'waiting for a player', seatJoined: 'joined', tiles: 'Tiles',
    home: 'Home', bar: 'Bar', off: 'Off', arrival: 'Arrival', ball: 'Ball', opponent: 'Opponent',
    pips: 'pips', matchScore: 'score {n}', undoLast: 'Undo', done: 'Done', autoDone: 'Send the turn when complete', noMovePass: 'no legal move: pass', noMove: 'no move', animate: 'Animate moves',
    flip: 'Flip board', watchers: 'Link to watch', hotseat: 'Hot-seat: you play {p}',
    premove: 'Premove: {m}', premoveDropped: 'Premove {m} dropped: not legal now.', cancel: 'Cancel', soundOn: 'Sound on', soundOff: 'Sound off',
    via: 'Two captures end there: click the square they pass through.',
    kind_passage: 'passage', kind_repos: 'rest', kind_double: 'double', export: 'Game record (JSON)', exportDice: 'Game record (JSON, verifiable dice)', pdn: 'PDN', aiShort: 'AI', blocked: 'blocked',
    open_seat: 'Anyone (open seat in the lobby)', openNote: 'Seat {n} is open: anyone can take it from the lobby.', join: 'Join (seat {n})', err_seat_taken: 'Someone took this seat first.', err_seat_not_open: 'This seat is not open.',
    reason_try: 'try scored', reason_repetition: 'threefold repetition', reason_nomove: 'no legal move',
    reason_bothpinned: 'both mother checkers pinned', reason_deadlock: 'deadlock: neither player can ever move',
    reason_borneoff: 'all checkers borne off', reason_motherpinned: 'mother checker pinned', reason_match: 'match won {a}-{b}',
    reason_nopieces: 'no pieces left', reason_kings25: '25 moves each with only kings moving and no capture',
    reason_endgame: '{n} moves each in a counted endgame', reason_quiet20: '20 moves each without a capture or a man move',
    reason_samemove: 'the same move played a third time', reason_arrivee: 'ball placed on the Arrivée',
    reason_noplayer: 'no player can move', reason_limit: 'turn limit reached', reason_blocked: 'blocked', reason_shut: 'box shut',
    reason_allblocked: 'every player is blocked or has shut the box', reason_agreed: 'draw agreed', reason_resigned: '{p} resigned',
    drawSent: 'Draw offered', undoSent: 'Undo asked', drawWaiting: 'Your draw offer is waiting for an answer.',
    undoWaiting: 'Your undo request is waiting for an answer.', zoomBoard: 'Zoom the board', wholeBoard: 'Whole board',
    boardKeys: 'Board: arrow keys move the cursor, Enter or Space selects, Escape takes back',
    clock: 'Clock', clockMinutes: 'Minutes per player (0: no clock)', clockIncrement: 'Seconds added per move', reason_time: 'out of time', take: 'Take this seat',
    rules: 'Rules',
    signIn: 'Sign in', signOut: 'Sign out',
    analysisBoard: 'Analysis board', analysisHere: 'Analyse this position',
    puzzles: 'Puzzles', dailyPuzzle: 'Puzzle of the day: {g}', puzzlesOf: 'Puzzles of this game',
  },
  fr: {
    lobby: 'Salon', newGame: 'Nouvelle partie', game: 'Jeu', variant: 'Variante', seats: 'Places',
    seat: 'Place {n}', player: 'Joueur {n}', me: 'Moi (cet écran)', friend: 'Un ami (lien d’invitation)',
    ai: 'Ordinateur — {level}', random: 'coups au hasard', greedy: 'glouton', easy: 'facile', medium: 'moyen', hard: 'difficile', max: 'le plus fort', levelElo: '{level}, environ {elo}', levelEloTied: '{level}, environ {elo} (≈ {below})', eloScale: 'Chiffres de l’ordinateur : le classement de départ de ses niveaux sur l’échelle des joueurs (coups au hasard = 400), tiré de l’Elo mesuré entre ses niveaux.', levelTied: 'Pas mesurablement plus fort que {below} : dans le classement publié, les deux font jeu égal.',
    casual: 'Amicale (retour arrière permis)', create: 'Créer', creating: 'Création…',
    invite: 'Lien d’invitation pour la place {n}', copy: 'Copier', copied: 'Copié', open: 'Ouvrir la partie',
    openGames: 'Parties ouvertes', liveGames: 'Parties en cours', myGames: 'Mes parties récentes',
    none: 'Aucune pour l’instant.', watch: 'Regarder', play: 'Jouer', resume: 'Reprendre', forget: 'Oublier',
    status_open: 'ouverte', status_live: 'en cours', status_finished: 'terminée',
    moves: 'Coups', toMove: 'Au tour de {p}', yourTurn: 'À vous de jouer', rolling: 'Lancer des dés…',
    waiting: 'En attente de {p}', moveSent: 'Coup envoyé', spectator: 'Vous regardez', youAre: 'Vous jouez {p}',
    resign: 'Abandonner', offerDraw: 'Proposer nulle', undoReq: 'Demander à reprendre', rematch: 'Revanche',
    accept: 'Accepter', decline: 'Refuser', confirm: 'Jouer ce coup', undoStep: 'Retour',
    drawOffered: '{p} propose la nulle.', undoRequested: '{p} demande à reprendre un coup.',
    drawDeclined: 'Nulle refusée.', undoDeclined: 'Reprise refusée.',
    berserk: 'Berserk : moitié de votre temps, +1 point si vous gagnez', berserked: 'Berserk : moitié du temps, sans incrément',
    resignConfirm: 'Cliquer encore pour abandonner', reconnecting: 'Connexion perdue — reconnexion…',
    paused: 'Aucun joueur n’est connecté : la partie est en pause ici.', followAgain: 'La suivre à nouveau',
    over: 'Partie terminée', won: 'Victoire : {p}', wonMany: 'Victoire : {p}', and: 'et', scoreIs: 'Score : {s}', youWon: 'Vous avez gagné !', youLost: 'Vous avez perdu.',
    draw: 'Nulle', drawn: 'Égalité entre {p}', score: 'Score', close: 'Fermer',
    aborted: 'Partie annulée, non classée : elle a fini avant que chaque joueur ait joué deux coups',
    newRematch: 'Revanche prête : l’ouvrir', replay: 'Relecture', live: 'Direct', typeMove: 'Coup (notation)',
    send: 'Envoyer', choose: 'Quel coup ?', notFound: 'Cette partie n’existe pas.', error: 'Erreur : {m}',
    language: 'Langue',
    err_stale_version: 'La partie a avancé ; mise à jour.', err_illegal_move: 'Coup illégal.',
    err_not_your_turn: 'Ce n’est pas votre tour.', err_not_allowed: 'Non permis.',
    err_game_over: 'La partie est finie.', err_bad_token: 'Ce lien de place n’est pas valide.', err_sign_in: 'Cette partie est classée : connectez-vous pour la jouer.',
    err_rate_limited: 'Doucement.', err_busy: 'D’autres coups sont passés avant : réessayez.',
    err_storage_unavailable: 'Le serveur ne peut pas enregistrer les coups pour le moment ; votre coup n’a pas été joué. Réessayez dans un instant.',
    hint: 'Conseil', hints: 'Afficher les conseils', bestMove: 'Meilleur : {m}', chance: 'Dés', nobody: '—',
    hintMove: 'Coup', hintScore: 'Score espéré', hintShut: 'Chance de fermer', hintWin: 'Chance de gagner', hintLoading: 'Calcul des conseils…', hintEstimate: 'Chance de gagner : une estimation à 3 ou 4 joueurs.', hintsTitle: 'Conseils (le meilleur d’abord)',
    review: 'Analyse de l’ordinateur', reviewAsk: 'Demander une analyse de l’ordinateur', reviewRunning: 'Analyse de l’ordinateur en cours…', reviewGameRunning: 'L’analyse est possible une fois la partie finie.', reviewFailed: 'L’analyse a échoué : {m}', reviewNext: 'Suivante : {v}', reviewQueued: '{n} dans la file d’attente : l’ordinateur analyse d’abord d’autres parties.',
    inaccuracy: 'Imprécision', mistake: 'Erreur', blunder: 'Gaffe', inaccuracies: 'Imprécisions', mistakes: 'Erreurs', blunders: 'Gaffes',
    reviewPlayer: 'Joueur', reviewAvgLoss: 'Perte moyenne', reviewPick: 'Choisissez un coup (dans la liste ou sur le graphique) pour voir le meilleur.', reviewIsBest: 'Meilleur coup.', reviewForced: 'coup forcé',
    reviewLine: 'suite : {l}', reviewWin: 'Chance de gagner ({p}) {a} → {b}', reviewEngine: 'Jugé par : {e}', engineExact: 'le solveur exact', engineLevel: 'l’ordinateur, niveau {l}',
    reviewGraph: 'Chance de gagner ({p}) au fil des coups', reviewGraphMulti: 'Chance de gagner de chaque joueur au fil de ses coups', unit_men: 'pions', unit_expected_score: 'score espéré',
    roll: 'lancer', seatFree: 'en attente d’un joueur', seatJoined: 'présent', tiles: 'Cases',
    home: 'Maison', bar: 'Prison', off: 'Sortis', arrival: 'Arrivée', ball: 'Ballon', opponent: 'Adversaire',
    pips: 'points', matchScore: 'score {n}', undoLast: 'Annuler', done: 'Valider', autoDone: 'Envoyer le tour dès qu’il est complet', noMovePass: 'aucun coup possible : passe', noMove: 'pas de coup', animate: 'Animer les coups',
    flip: 'Retourner le plateau', watchers: 'Lien pour regarder', hotseat: 'Même écran : vous jouez {p}',
    premove: 'Coup anticipé : {m}', premoveDropped: 'Coup anticipé {m} annulé : il n’est plus légal.', cancel: 'Annuler', soundOn: 'Son activé', soundOff: 'Son coupé',
    via: 'Deux prises finissent là : cliquez la case par où passer.',
    kind_passage: 'passage', kind_repos: 'repos', kind_double: 'double', export: 'Relevé de la partie (JSON)', exportDice: 'Relevé de la partie (JSON, dés vérifiables)', pdn: 'PDN', aiShort: 'IA', blocked: 'bloqué',
    open_seat: 'N’importe qui (place libre au salon)', openNote: 'La place {n} est libre : n’importe qui peut la prendre depuis le salon.', join: 'Jouer (place {n})', err_seat_taken: 'Quelqu’un a pris cette place avant vous.', err_seat_not_open: 'Cette place n’est pas libre.',
    reason_try: 'essai marqué', reason_repetition: 'triple répétition', reason_nomove: 'aucun coup légal',
    reason_bothpinned: 'les deux pions mères emprisonnés', reason_deadlock: 'blocage : plus aucun joueur ne pourra jouer',
    reason_borneoff: 'tous les pions retirés', reason_motherpinned: 'pion mère emprisonné', reason_match: 'match gagné {a}-{b}',
    reason_nopieces: 'plus aucune pièce', reason_kings25: '25 coups de chaque côté avec seulement des dames et sans prise',
    reason_endgame: '{n} coups de chaque côté dans une finale comptée', reason_quiet20: '20 coups de chaque côté sans prise ni déplacement de pion',
    reason_samemove: 'le même coup joué une troisième fois', reason_arrivee: 'boule posée sur l’Arrivée',
    reason_noplayer: 'aucun joueur ne peut jouer', reason_limit: 'limite de tours atteinte', reason_blocked: 'bloqué', reason_shut: 'boîte fermée',
    reason_allblocked: 'chaque joueur est bloqué ou a fermé sa boîte', reason_agreed: 'nulle par accord', reason_resigned: 'abandon : {p}',
    drawSent: 'Nulle proposée', undoSent: 'Reprise demandée', drawWaiting: 'Votre proposition de nulle attend une réponse.',
    undoWaiting: 'Votre demande de reprise attend une réponse.', zoomBoard: 'Agrandir le plateau', wholeBoard: 'Plateau entier',
    boardKeys: 'Plateau : les flèches déplacent le curseur, Entrée ou Espace choisit, Échap revient en arrière',
    clock: 'Pendule', clockMinutes: 'Minutes par joueur (0 : sans pendule)', clockIncrement: 'Secondes ajoutées par coup', reason_time: 'temps écoulé', take: 'Prendre cette place',
    rules: 'Règles',
    signIn: 'Se connecter', signOut: 'Se déconnecter',
    analysisBoard: 'Analyse', analysisHere: 'Analyser cette position',
    puzzles: 'Problèmes', dailyPuzzle: 'Problème du jour : {g}', puzzlesOf: 'Problèmes de ce jeu',
  },
};

/** addStrings merges a module's own strings ({en: {...}, fr: {...}}) into the dictionary. */
export function addStrings(more) {
  for (const l of Object.keys(dict)) Object.assign(dict[l], more[l] || {});
}

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
  if (params && typeof params.n === 'number' && isOne(params.n)) {
    const one = `${key}_one`; // the singular, where the language's words need one
    if (one in dict[lang] || (!(key in dict[lang]) && one in dict.en)) key = one;
  }
  let s = dict[lang][key] ?? dict.en[key] ?? key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return s;
}

/** isOne reports whether n takes the singular: 1 in English, 0 and 1 in French. */
const isOne = (n) => (lang === 'fr' ? Math.abs(n) < 2 : n === 1);

/** ordinal writes n (1, 2, …) as a rank in the current language: 1st, 2nd, 3rd, 11th; 1er, 2e. */
export function ordinal(n) {
  if (lang === 'fr') return n === 1 ? '1er' : `${n}e`;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}

/** has reports whether key has a translation. */
export const has = (key) => key in dict.en;

/** gameName is a game's name in the current language, from the catalog. */
export const gameName = (cat, id) => {
  const g = cat && cat.find((x) => x.id === id);
  return g ? (lang === 'fr' ? g.name_fr : g.name_en) || id : id;
};
