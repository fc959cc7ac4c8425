package server

import "time"

// DefaultFairPlayBudget is the default of Options.FairPlayBudget: the
// budget of the reviews that measured the thresholds (docs/fairplay.md).
const DefaultFairPlayBudget = 40 * time.Millisecond
