// The lobby's and the guided game's strings: game cards, variant names and
// one-line help (keyed by game and option: the engines' own descriptions
// stay in English and long), and the learning hints. Merged into i18n.js's
// dictionary on import.
import { addStrings, t, has } from './i18n.js';

// Variants: [game, key, name en, name fr, help en, help fr, {value: [en, fr]}].
const VARIANTS = [
  ['benedictine', 'setup', 'Opening layout', 'Placement de départ',
    'Where each side’s five bottles start (mirrored for the other side).', 'Où partent les cinq bouteilles de chaque camp (en miroir pour l’autre).',
    { wedge: ['wedge (c1 d1 e1 c2 e2)', 'coin (c1 d1 e1 c2 e2)'], line: ['line (b1 to f1)', 'ligne (b1 à f1)'], zigzag: ['zigzag (b1 c2 d1 e2 f1)', 'zigzag (b1 c2 d1 e2 f1)'],
      front: ['front (a2 c2 d1 e2 g2)', 'avant (a2 c2 d1 e2 g2)'], wide: ['wide (a1 c1 d1 e1 g1)', 'large (a1 c1 d1 e1 g1)'] }],
  ['benedictine', 'repetition', 'Repetition', 'Répétition',
    'Threefold: a position seen a third time is a draw; off: no draw.', 'Triple : une position vue une troisième fois fait nulle ; sans : pas de nulle.',
    { threefold: ['threefold', 'triple'], off: ['off', 'sans'] }],
  ['dames', 'draw', 'Draw rules', 'Règles de nulle',
    'The sheet’s (a move repeated thrice, 20 moves each without capture) or the FMJD’s.', 'Celles de la fiche (un coup répété trois fois, 20 coups chacun sans prise) ou celles de la FMJD.',
    { seed: ['the sheet’s', 'de la fiche'], fmjd: ['FMJD', 'FMJD'] }],
  ['dames', 'huffing', 'Huffing', 'Soufflage',
    'On: capturing is not forced, but the piece that failed to capture may be removed.', 'Oui : la prise n’est pas forcée, mais la pièce qui n’a pas pris peut être soufflée.',
    { off: ['off', 'non'], on: ['on', 'oui'] }],
  ['intercept', 'players', 'Players', 'Joueurs',
    'Two face to face, or four, one on each side of the board.', 'Deux face à face, ou quatre, un de chaque côté du plateau.', {}],
  ['intercept', 'mode', 'With four', 'À quatre',
    'Partners face to face (teams) or each for themselves (solo).', 'Partenaires face à face (équipes) ou chacun pour soi (solo).',
    { teams: ['teams', 'équipes'], solo: ['solo', 'solo'] }],
  ['intercept', 'lateral', 'One-square slides', 'Glissements d’une case',
    'Sideways or diagonal; orthogonal also allows forward and back.', 'Latéraux ou en diagonale ; orthogonal permet aussi avant et arrière.',
    { sideways: ['sideways', 'latéral'], orthogonal: ['orthogonal', 'orthogonal'] }],
  ['intercept', 'longslide', 'Double’s long slide', 'Long glissement du double',
    'Along the slide directions only, or along any of the 8 lines.', 'Dans les directions de glissement seulement, ou sur les 8 lignes.',
    { lateral: ['slide directions', 'directions de glissement'], all: ['all 8 lines', 'les 8 lignes'] }],
  ['intercept', 'interception', 'Interception', 'Interception',
    'The piece just moved must be in the ball’s first hop: when taking it from an opponent, or always.', 'La pièce jouée doit être dans le premier bond de la boule : pour la prendre à l’adversaire, ou toujours.',
    { opponent: ['from an opponent', 'à l’adversaire'], every: ['every pass', 'à chaque passe'] }],
  ['intercept', 'setup', 'Setup', 'Placement',
    'The passage piece next to the double stands on its owner’s left, or right.', 'La pièce passage voisine du double est à gauche de son joueur, ou à droite.',
    { left: ['left', 'gauche'], right: ['right', 'droite'] }],
  ['intercept', 'goal', 'Goal (four, solo)', 'But (à quatre, en solo)',
    'Aim at the opposite Arrivée only, or at any other player’s.', 'Viser l’Arrivée d’en face seulement, ou celle de n’importe quel autre joueur.',
    { opposite: ['opposite', 'en face'], any: ['any', 'n’importe laquelle'] }],
  ['intercept', 'cover', 'Covering', 'Recouvrement',
    'Cover a piece on or around the Arrivée with any move (free), or only in the winning turn (arriving).', 'Recouvrir une pièce sur l’Arrivée ou autour par tout coup (libre), ou seulement au tour gagnant (à l’arrivée).',
    { free: ['free', 'libre'], arriving: ['arriving', 'à l’arrivée'] }],
  ['intercept', 'repetition', 'Repetition', 'Répétition',
    'On: a position seen a third time with the same player to move is a draw.', 'Oui : une position vue une troisième fois avec le même joueur au trait fait nulle.',
    { on: ['on', 'oui'], off: ['off', 'non'] }],
  ['intercept', 'blocked', 'Blocked player', 'Joueur bloqué',
    'A player with no legal move passes, or loses (with the team).', 'Un joueur sans coup possible passe, ou perd (avec son équipe).',
    { pass: ['passes', 'passe'], lose: ['loses', 'perd'] }],
  ['intercept', 'limit', 'Turn limit', 'Limite de tours',
    'A draw after this many turns; 0: no limit.', 'Nulle après ce nombre de tours ; 0 : sans limite.', {}],
  ['mahbousse', 'bearoff', 'Bearing off', 'Sortie',
    'The sheet’s (a die bears off from its point, else from a lower one) or backgammon’s.', 'Celle de la fiche (un dé sort de sa case, sinon d’une plus basse) ou celle du backgammon.',
    { seed: ['the sheet’s', 'de la fiche'], standard: ['backgammon', 'backgammon'] }],
  ['mahbousse', 'lower', 'Lower point', 'Case plus basse',
    'With the sheet’s bearing off: from any lower point, or only the highest one.', 'Avec la sortie de la fiche : de n’importe quelle case plus basse, ou de la plus haute seulement.',
    { any: ['any', 'n’importe laquelle'], highest: ['highest', 'la plus haute'] }],
  ['mahbousse', 'sum', 'One checker, both dice', 'Un pion, deux dés',
    'It touches down between the dice (that point must be open), or jumps to the sum.', 'Il se pose entre les deux dés (cette case doit être libre), ou saute à la somme.',
    { open: ['touches down', 'se pose'], jump: ['jumps', 'saute'] }],
  ['mahbousse', 'mustuse', 'Using the dice', 'Emploi des dés',
    'Play as many dice as possible (the larger if only one), or at least one.', 'Jouer le plus de dés possible (le plus fort si un seul), ou au moins un.',
    { max: ['as many as possible', 'le plus possible'], free: ['at least one', 'au moins un'] }],
  ['mahbousse', 'mother', 'Mother rule', 'Règle de la mère',
    'Plakoto’s rule, not in the sheet: pinning the last checker on its start wins 2 points.', 'Règle du plakoto, hors fiche : bloquer le dernier pion sur son départ gagne 2 points.',
    { none: ['none', 'aucune'], plakoto: ['Plakoto', 'plakoto'] }],
  ['mahbousse', 'match', 'Match to', 'Match en',
    'Play games until a player has this many points.', 'Jouer des parties jusqu’à ce qu’un joueur ait ce nombre de points.', {}],
  ['shutbox', 'players', 'Players', 'Joueurs',
    'From 1 (solitaire practice) to 4.', 'De 1 (entraînement en solitaire) à 4.', {}],
  ['shutbox', 'tiles', 'Tiles', 'Cases',
    'Tiles 1 to 9 (the sheet) or 1 to 12.', 'Cases de 1 à 9 (la fiche) ou de 1 à 12.', {}],
  ['shutbox', 'one_die', 'One die', 'Un seul dé',
    'The sheet’s: with open tiles adding up to 6 or less you may roll one die; never: always two.', 'Celle de la fiche : si les cases ouvertes font 6 ou moins, on peut lancer un seul dé ; jamais : toujours deux.',
    { seed: ['the sheet’s', 'de la fiche'], never: ['never', 'jamais'] }],
];

// Cards: [game, description en, description fr, length en, length fr].
const CARDS = [
  ['dames', 'Draughts on a 10×10 board: men move diagonally forward, capturing is compulsory and the biggest capture must be taken.',
    'Les dames sur un damier de 10×10 : les pions avancent en diagonale, la prise est obligatoire et la plus grosse prise s’impose.', '30–60 min', '30 à 60 min'],
  ['shutbox', 'Roll the dice and shut tiles that add up to the roll; the lowest total of tiles left open wins.',
    'Lancez les dés et fermez des cases dont la somme fait le lancer ; le plus petit total de cases restées ouvertes gagne.', '2–5 min', '2 à 5 min'],
  ['mahbousse', 'Lebanese backgammon: a lone checker is not hit but pinned under the opponent’s until it moves away.',
    'Le jacquet libanais : un pion seul n’est pas frappé mais emprisonné sous le pion adverse jusqu’à ce qu’il reparte.', '15–30 min', '15 à 30 min'],
  ['intercept', 'Pass the ball from piece to piece, over passage faces onto rest faces, to the opponent’s goal square; intercept theirs.',
    'Passez la boule de pièce en pièce, par-dessus les faces passage sur les faces repos, jusqu’à l’Arrivée adverse ; interceptez la sienne.', '20–40 min', '20 à 40 min'],
  ['benedictine', 'Jump your bottles as in Halma, then jump the ball over them and off the far edge of the board to win.',
    'Faites sauter vos bouteilles comme aux dames chinoises, puis le ballon par-dessus elles, hors du plateau chez l’adversaire, pour gagner.', '10–20 min', '10 à 20 min'],
];

/** CARD_ORDER is the order of the lobby's game cards: the best known first. */
export const CARD_ORDER = CARDS.map((c) => c[0]);

// Hints of the guided game: [key, en, fr]; {n} is filled in by guide.js.
const HINTS = [
  ['start_dames', 'You play White and move first. Click one of your men, then a highlighted square: men step one square diagonally forward.',
    'Vous jouez les Blancs et commencez. Cliquez un de vos pions, puis une case en surbrillance : les pions avancent d’une case en diagonale.'],
  ['capture_dames', 'A capture! Taking is compulsory, and you must take the most pieces. Click the highlighted piece, then the square where it ends.',
    'Une prise ! Prendre est obligatoire, et il faut prendre le plus de pièces. Cliquez la pièce en surbrillance, puis la case où elle finit.'],
  ['start_mahbousse', 'The server rolls the dice. Move checkers along your track by the numbers shown: click a checker, then a highlighted point.',
    'Le serveur lance les dés. Avancez vos pions sur votre parcours du nombre indiqué : cliquez un pion, puis une case en surbrillance.'],
  ['pin_mahbousse', 'You can pin! Land on a lone opposing checker: it stays stuck under yours until you leave.',
    'Vous pouvez emprisonner ! Posez-vous sur un pion adverse seul : il reste bloqué sous le vôtre jusqu’à votre départ.'],
  ['cover_shutbox', 'The server rolled {n} for you: shut open tiles adding up to {n} by clicking them. When no tiles make the roll, your turn ends.',
    'Le serveur a lancé {n} pour vous : fermez des cases ouvertes qui font {n} en les cliquant. Quand aucune ne le permet, votre tour s’arrête.'],
  ['choose_shutbox', 'Your open tiles add up to 6 or less: you may roll one die or two.',
    'Vos cases ouvertes font 6 ou moins : vous pouvez lancer un dé ou deux.'],
  ['start_benedictine', 'You play Green. Move a bottle first: one step in any direction, or jumps over other bottles.',
    'Vous jouez Vert. Déplacez d’abord une bouteille : un pas dans n’importe quelle direction, ou des sauts par-dessus d’autres bouteilles.'],
  ['ball_benedictine', 'The ball can move: after your bottle, jump the ball over your own bottles (several jumps in a row if you like).',
    'Le ballon peut bouger : après votre bouteille, faites-le sauter par-dessus vos propres bouteilles (plusieurs sauts de suite si vous voulez).'],
  ['try_benedictine', 'A try! Jump the ball over your bottle on the far row and off the board: you win at once.',
    'Un essai ! Faites sauter le ballon par-dessus votre bouteille de la dernière rangée, hors du plateau : vous gagnez aussitôt.'],
  ['start_intercept', 'Move one of your pieces; then you may pass the ball. Bring it onto the opponent’s Arrivée to win.',
    'Déplacez une de vos pièces ; ensuite vous pouvez passer la boule. Amenez-la sur l’Arrivée adverse pour gagner.'],
  ['ball_intercept', 'You can pass the ball: after your piece, make it hop over a passage face onto one of your rest faces.',
    'Vous pouvez passer la boule : après votre pièce, faites-la bondir par-dessus une face passage sur une de vos faces repos.'],
];

const en = {
  lobbyIntro: 'Five board games to play here, against the computer or a friend.',
  playAI: 'Play the computer', playFriend: 'Play a friend', learn: 'Learn by playing', rules: 'Rules',
  moreOptions: 'More options (variant, seats, clock)', players1: '{n} player', playersN: '{n} players', playersOr: '{a} or {b} players', playersRange: '{a}–{b} players',
  friendLink: 'Send this link to your friend:', inactiveGames: 'Inactive games (no move for a day)',
  moveCount1: '1 move', moveCountN: '{n} moves', variantHelp: 'What is this?',
  guideTitle: 'Learning', guideOk: 'Got it', guideOff: 'Turn the learning hints off', guideOn: 'Show the learning hints',
  startPosition: 'Start position of {g}',
};
const fr = {
  lobbyIntro: 'Cinq jeux de plateau à jouer ici, contre l’ordinateur ou un ami.',
  playAI: 'Jouer contre l’ordinateur', playFriend: 'Jouer avec un ami', learn: 'Apprendre en jouant', rules: 'Règles',
  moreOptions: 'Plus d’options (variante, places, pendule)', players1: '{n} joueur', playersN: '{n} joueurs', playersOr: '{a} ou {b} joueurs', playersRange: '{a} à {b} joueurs',
  friendLink: 'Envoyez ce lien à votre ami :', inactiveGames: 'Parties inactives (aucun coup depuis un jour)',
  moveCount1: '1 coup', moveCountN: '{n} coups', variantHelp: 'Qu’est-ce que c’est ?',
  guideTitle: 'Apprentissage', guideOk: 'Compris', guideOff: 'Couper les conseils d’apprentissage', guideOn: 'Afficher les conseils d’apprentissage',
  startPosition: 'Position de départ : {g}',
};
for (const [g, k, ne, nf, he, hf, vals] of VARIANTS) {
  en[`var_${g}_${k}`] = ne; fr[`var_${g}_${k}`] = nf;
  en[`varhelp_${g}_${k}`] = he; fr[`varhelp_${g}_${k}`] = hf;
  for (const [v, [ve, vf]] of Object.entries(vals)) { en[`val_${g}_${k}_${v}`] = ve; fr[`val_${g}_${k}_${v}`] = vf; }
}
for (const [g, de, df, le, lf] of CARDS) {
  en[`desc_${g}`] = de; fr[`desc_${g}`] = df;
  en[`length_${g}`] = le; fr[`length_${g}`] = lf;
}
for (const [k, e, f] of HINTS) { en[`guide_${k}`] = e; fr[`guide_${k}`] = f; }
addStrings({ en, fr });

/** variantName is an option's translated name (its key when unknown). */
export const variantName = (game, key) => (has(`var_${game}_${key}`) ? t(`var_${game}_${key}`) : key);

/** variantHelp is an option's one-line translated help ('' when unknown). */
export const variantHelp = (game, key) => (has(`varhelp_${game}_${key}`) ? t(`varhelp_${game}_${key}`) : '');

/** valueName is a variant value's translated label (the value itself when unknown). */
export const valueName = (game, key, v) => (has(`val_${game}_${key}_${v}`) ? t(`val_${game}_${key}_${v}`) : String(v));

/** playersText says how many players a game takes, from its catalog counts. */
export function playersText(counts) {
  const c = [...(counts || [])].sort((a, b) => a - b);
  if (c.length === 0) return '';
  if (c.length === 1) return t(c[0] === 1 ? 'players1' : 'playersN', { n: c[0] });
  const contiguous = c.every((x, i) => i === 0 || x === c[i - 1] + 1);
  if (c.length === 2 && !contiguous) return t('playersOr', { a: c[0], b: c[1] });
  return t('playersRange', { a: c[0], b: c[c.length - 1] });
}

// ladderFor is the published ladder of game g (the catalog's, from
// ai/level/ladder.json) measured for that number of players under the
// options chosen: every option set away from its default (mode=solo,
// cover=free...) must be the ladder's too, since it changes the game the
// levels were measured at. Options left at their default need not be: a
// ladder records the match's own (a turn limit, say) beside the defaults;
// among the ladders that fit, the one that agrees on the most options wins
// (mode=teams over mode=solo when the mode is left at its default).
export function ladderFor(g, players, variant) {
  const chosen = (v) => String(variant?.[v.key] ?? v.default);
  const changed = (g?.variants || []).filter((v) => chosen(v) !== String(v.default));
  let best, bestAgree = -1;
  for (const l of g?.ladder || []) {
    if (l.players !== players) continue;
    const rules = new Map((l.variant || '').split(' ').filter(Boolean).map((kv) => kv.split('=')));
    if (!changed.every((v) => rules.get(v.key) === chosen(v))) continue;
    const agree = (g.variants || []).filter((v) => rules.get(v.key) === chosen(v)).length;
    if (agree > bestAgree) [best, bestAgree] = [l, agree];
  }
  return best;
}

// LEVEL_ANCHOR is the rating random moves are given on the players' scale
// (server.LevelAnchor): a level's figure is its ladder Elo above random
// plus the anchor, the rating its account starts from, so that the form's
// figures and the cards' "hard · 1650" buttons speak one scale.
const LEVEL_ANCHOR = 400;

// levelText names an AI level with its published Elo for a number of
// players and the options chosen: "hard, about 1650"; the name alone when
// no ladder was measured under those rules. A level the ladder does not
// show stronger than the one below it says so ("strongest, about 780 (≈
// hard)", with levelNote's sentence beside it), lest "about 780" beside
// hard's "about 790" be read as a weaker level, or "about 1550" over
// "about 1530" as a stronger one.
export function levelText(g, players, variant, level) {
  const ladder = ladderFor(g, players, variant);
  const elo = ladder?.elo?.[level];
  if (elo === undefined) return t(level);
  const args = { level: t(level), elo: Math.round((LEVEL_ANCHOR + elo) / 10) * 10 };
  const below = ladder.notShown?.[level];
  return below ? t('levelEloTied', { ...args, below: t(below) }) : t('levelElo', args);
}

// levelNote says why levelText marks a level as the one below it, or
// nothing.
export function levelNote(g, players, variant, level) {
  const below = ladderFor(g, players, variant)?.notShown?.[level];
  return below ? t('levelTied', { below: t(below) }) : undefined;
}
