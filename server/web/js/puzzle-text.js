// The puzzle pages' words, in English and French (merged into i18n.js's
// dictionary when the puzzles load).
import { addStrings } from './i18n.js';

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
  },
  fr: {
    pz_title: 'Problèmes', pz_pick: 'Choisissez un jeu : des positions de vraies parties où un coup est nettement le meilleur, classées comme des joueurs.',
    pz_rated: 'Problèmes classés', pz_streak: 'Série', pz_daily: 'Problème du jour', pz_dailyOf: 'Problème du jour : {g}',
    pz_find: 'Trouvez le meilleur coup pour {p}.', pz_findLine: 'Trouvez la meilleure suite pour {p} : {n} coups.',
    pz_best: 'Meilleur coup !', pz_bestGoOn: 'Meilleur coup ! Continuez.', pz_reply: 'L’ordinateur répond {m}.',
    pz_wrong: 'Pas le meilleur, réessayez.', pz_solved: 'Résolu !', pz_solution: 'Solution', pz_solutionIs: 'Solution : {m}',
    pz_next: 'Problème suivant', pz_none: 'Plus de problème à essayer dans ce jeu.', pz_firstOnly: 'Seul le premier essai compte.',
    pz_rating: 'Classement du problème {r}', pz_tried: '{n} essais, {s} résolus', pz_yours: 'Votre classement aux problèmes : {r}',
    pz_change: 'Vous {d} · problème {e}', pz_guest: 'Connectez-vous pour avoir un classement aux problèmes.', pz_source: 'La partie d’origine',
    pz_streakOf: 'Série : {n}', pz_bestStreak: 'record {n}', pz_streakOver: 'Série terminée : {n} résolus.', pz_newStreak: 'Nouvelle série',
    pz_themes: 'Thèmes : {t}', pz_link: 'Problèmes', pz_fromGame: 'Problèmes de ce jeu',
  },
});
