// The puzzle pages' words, in English and French (merged into i18n.js's
// dictionary when the puzzles load).
import { addStrings, has, t } from './i18n.js';

addStrings({
  en: {
    pz_title: 'Puzzles', pz_pick: 'Choose a game: positions from real games with one clearly best move, rated like players.',
    pz_rated: 'Rated puzzles', pz_streak: 'Streak', pz_daily: 'Puzzle of the day', pz_dailyOf: 'Puzzle of the day: {g}',
    pz_find: 'Find the best move for {p}.', pz_findLine: 'Find the best line for {p}: {n} moves.',
    pz_best: 'Best move!', pz_bestGoOn: 'Best move! Keep going.', pz_reply: 'The computer replies {m}.',
    pz_wrong: 'Not the best, try again.', pz_solved: 'Solved!', pz_solution: 'Solution', pz_solutionIs: 'Solution: {m}',
    pz_next: 'Next puzzle', pz_none: 'No puzzle left to try in this game.', pz_firstOnly: 'Only your first try counts.',
    pz_rating: 'Puzzle rating {r}', pz_tried: '{n} tries, {s} solved', pz_yours: 'Your puzzle rating: {r}',
    pz_change: 'You {d} · puzzle {e}', pz_guest: 'Sign in to get a puzzle rating.', pz_source: 'The game it comes from',
    pz_streakOf: 'Streak: {n}', pz_bestStreak: 'best {n}', pz_streakOver: 'Streak over: {n} solved.', pz_newStreak: 'New streak',
    pz_themes: 'Themes: {t}', pz_link: 'Puzzles', pz_fromGame: 'Puzzles of this game',
    pz_tried_one: '1 try, {s} solved',
    pz_th_combination: 'combination', pz_th_sacrifice: 'sacrifice', pz_th_multi_capture: 'multiple capture',
    pz_th_breakthrough: 'breakthrough', pz_th_king_capture: 'king capture', pz_th_win: 'winning line', pz_th_pin: 'pin',
    pz_th_bear_off: 'bearing off', pz_th_bear_off_race: 'bearing-off race', pz_th_checker_play: 'checker play',
    pz_th_cover: 'covering the roll', pz_th_dice_choice: 'dice choice', pz_th_interception: 'interception', pz_th_goal: 'goal',
    pz_th_position: 'positional play', pz_th_ball: 'ball jump', pz_th_bottles: 'bottle jumps', pz_th_try: 'try',
  },
  fr: {
    pz_title: 'Problèmes', pz_pick: 'Choisissez un jeu : des positions de vraies parties où un coup est nettement le meilleur, classées comme des joueurs.',
    pz_rated: 'Problèmes classés', pz_streak: 'Série', pz_daily: 'Problème du jour', pz_dailyOf: 'Problème du jour : {g}',
    pz_find: 'Trouvez le meilleur coup pour {p}.', pz_findLine: 'Trouvez la meilleure suite pour {p} : {n} coups.',
    pz_best: 'Meilleur coup !', pz_bestGoOn: 'Meilleur coup ! Continuez.', pz_reply: 'L’ordinateur répond {m}.',
    pz_wrong: 'Pas le meilleur, réessayez.', pz_solved: 'Résolu !', pz_solution: 'Solution', pz_solutionIs: 'Solution : {m}',
    pz_next: 'Problème suivant', pz_none: 'Plus de problème à essayer dans ce jeu.', pz_firstOnly: 'Seul le premier essai compte.',
    pz_rating: 'Classement du problème {r}', pz_tried: 'essais : {n}, résolus : {s}', pz_yours: 'Votre classement aux problèmes : {r}',
    pz_change: 'Vous {d} · problème {e}', pz_guest: 'Connectez-vous pour avoir un classement aux problèmes.', pz_source: 'La partie d’origine',
    pz_streakOf: 'Série : {n}', pz_bestStreak: 'record {n}', pz_streakOver: 'Série terminée : {n} résolus.', pz_newStreak: 'Nouvelle série',
    pz_themes: 'Thèmes : {t}', pz_link: 'Problèmes', pz_fromGame: 'Problèmes de ce jeu',
    pz_th_combination: 'combinaison', pz_th_sacrifice: 'sacrifice', pz_th_multi_capture: 'rafle',
    pz_th_breakthrough: 'percée', pz_th_king_capture: 'prise de dame', pz_th_win: 'suite gagnante', pz_th_pin: 'emprisonnement',
    pz_th_bear_off: 'sortie des pions', pz_th_bear_off_race: 'course à la sortie', pz_th_checker_play: 'jeu des pions',
    pz_th_cover: 'fermer les cases', pz_th_dice_choice: 'choix des dés', pz_th_interception: 'interception', pz_th_goal: 'but',
    pz_th_position: 'jeu de position', pz_th_ball: 'saut du ballon', pz_th_bottles: 'sauts de bouteilles', pz_th_try: 'essai',
  },
});

/** themeName is a puzzle theme (as the miner tags it: "king capture") in the page's language. */
export function themeName(theme) {
  const key = `pz_th_${theme.replace(/\W+/g, '_')}`;
  return has(key) ? t(key) : theme;
}
