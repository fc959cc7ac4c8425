// The game page's methods live in modules of their own (game-*.js,
// board-input.js), assigned to GamePage.prototype in game.js: this tells
// tsc that GamePage has them.
import type { clockMethods } from '../web/js/game-clock.js';
import type { connMethods } from '../web/js/game-conn.js';
import type { controlMethods } from '../web/js/game-controls.js';
import type { textMethods } from '../web/js/game-text.js';
import type { viewMethods } from '../web/js/game-view.js';
import type { inputMethods } from '../web/js/board-input.js';

type Mixins = typeof clockMethods & typeof connMethods & typeof controlMethods & typeof textMethods & typeof viewMethods & typeof inputMethods;

declare module '../web/js/game.js' {
  interface GamePage extends Mixins {}
}

declare global {
  interface Window {
    plateauRenderers?: Record<string, any>;
    plateauPage?: any;
    plateauRules?: any;
    plateauSound?: any;
  }
}

// The same for the analysis board's methods (analysis-eval.js,
// analysis-position.js), assigned to AnalysisPage.prototype.
import type { evalMethods } from '../web/js/analysis-eval.js';
import type { positionMethods } from '../web/js/analysis-position.js';

type AnalysisMixins = typeof evalMethods & typeof positionMethods;

declare module '../web/js/analysis.js' {
  interface AnalysisPage extends AnalysisMixins {}
}
