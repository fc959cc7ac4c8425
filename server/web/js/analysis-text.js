// The analysis board's words, in English and French (merged into i18n.js's
// dictionary when the board loads).
import { addStrings } from './i18n.js';

addStrings({
  en: {
    an_title: 'Analysis board', an_pick: 'Choose a game to analyse:', an_players: '{n} players', an_solo: 'alone',
    an_thinking: 'The engine is thinking…', an_engine: 'Engine: {e}', an_level: 'level {l}', an_exact: 'exact solver', an_best: 'Best move', an_line: 'Line', an_play: 'Play it',
    an_win: '{p}: {v}% win chance', an_men: '{v} men for White', an_proven: 'proven', an_depth: 'depth {d}', an_nodes: '{n} positions',
    an_top: 'Best choices', an_score: 'expected score {v}', an_rollPick: 'Dice to roll: pick the roll.', an_rolls: 'Rolls',
    an_refused: 'No computer help on a game you are playing.', an_over: 'The game is over here: {r}', an_first: 'Start', an_vars: 'Moves played here:', an_prev: 'Previous move', an_next: 'Next move', an_last: 'Last move',
    an_position: 'Position', an_load: 'Load', an_copy: 'Copy', an_copied: 'Copied', an_badpos: 'Position refused: {m}',
    an_edit: 'Edit the position', an_editDone: 'Analyse this position', an_editCancel: 'Cancel', an_editing: 'Editor: pick a tool, then click the board. Every change is checked by the server.',
    an_clear: 'Empty board', an_startpos: 'Start position', an_toMove: 'To move', an_owner: 'Pieces of', an_phase: 'Dice',
    ed_empty: 'Empty', ed_wm: 'White man', ed_wk: 'White king', ed_bm: 'Black man', ed_bk: 'Black king',
    ed_x: 'Checker x', ed_o: 'Checker o', ed_remove: 'Remove a checker', ed_G: 'Green bottle', ed_A: 'Amber bottle', ed_O: 'Ball',
    ed_p: 'Passage', ed_r: 'Rest', ed_P: 'Double (passage up)', ed_R: 'Double (rest up)', ed_ball: 'Ball',
    ed_full: 'That side has its 15 checkers on the board already.', ed_held: 'Two checkers or more hold that point.',
    ed_roll2: 'roll two dice', ed_roll1: 'roll one die', ed_choose: 'choose one die or two', ed_box: 'Box of player {n}: click a tile to lower or raise it.',
    pdn_title: 'PDN', pdn_import: 'Import PDN', pdn_paste: 'Paste a PDN game here, or choose a file.', pdn_file: 'PDN file', pdn_game: 'Game {n} of {m}',
    pdn_export: 'Export the line as PDN', pdn_download: 'Download', pdn_loaded: '{n} moves imported.',
  },
  fr: {
    an_title: 'Analyse', an_pick: 'Choisissez un jeu à analyser :', an_players: '{n} joueurs', an_solo: 'seul',
    an_thinking: 'Le moteur réfléchit…', an_engine: 'Moteur : {e}', an_level: 'niveau {l}', an_exact: 'solveur exact', an_best: 'Meilleur coup', an_line: 'Variante', an_play: 'Le jouer',
    an_win: '{p} : {v} % de chances de gain', an_men: '{v} pions pour les Blancs', an_proven: 'prouvé', an_depth: 'profondeur {d}', an_nodes: '{n} positions',
    an_top: 'Meilleurs choix', an_score: 'score attendu {v}', an_rollPick: 'Les dés sont à lancer : choisissez le jet.', an_rolls: 'Jets',
    an_refused: 'Pas d’aide de l’ordinateur sur une partie que vous jouez.', an_over: 'La partie est finie ici : {r}', an_first: 'Début', an_vars: 'Coups joués ici :', an_prev: 'Coup précédent', an_next: 'Coup suivant', an_last: 'Dernier coup',
    an_position: 'Position', an_load: 'Charger', an_copy: 'Copier', an_copied: 'Copié', an_badpos: 'Position refusée : {m}',
    an_edit: 'Modifier la position', an_editDone: 'Analyser cette position', an_editCancel: 'Annuler', an_editing: 'Éditeur : choisissez un outil, puis cliquez sur le plateau. Le serveur vérifie chaque changement.',
    an_clear: 'Plateau vide', an_startpos: 'Position de départ', an_toMove: 'Trait', an_owner: 'Pièces de', an_phase: 'Dés',
    ed_empty: 'Vide', ed_wm: 'Pion blanc', ed_wk: 'Dame blanche', ed_bm: 'Pion noir', ed_bk: 'Dame noire',
    ed_x: 'Dame x', ed_o: 'Dame o', ed_remove: 'Ôter une dame', ed_G: 'Bouteille verte', ed_A: 'Bouteille ambre', ed_O: 'Balle',
    ed_p: 'Passage', ed_r: 'Repos', ed_P: 'Double (passage visible)', ed_R: 'Double (repos visible)', ed_ball: 'Balle',
    ed_full: 'Ce camp a déjà ses 15 dames sur le plateau.', ed_held: 'Deux dames ou plus tiennent cette flèche.',
    ed_roll2: 'lancer deux dés', ed_roll1: 'lancer un dé', ed_choose: 'choisir un dé ou deux', ed_box: 'Boîte du joueur {n} : cliquez sur un volet pour le baisser ou le lever.',
    pdn_title: 'PDN', pdn_import: 'Importer le PDN', pdn_paste: 'Collez une partie PDN ici, ou choisissez un fichier.', pdn_file: 'Fichier PDN', pdn_game: 'Partie {n} sur {m}',
    pdn_export: 'Exporter la variante en PDN', pdn_download: 'Télécharger', pdn_loaded: '{n} coups importés.',
  },
});
