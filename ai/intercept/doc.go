// Package intercept is the Intercept knowledge of Plateau's AI: an
// evaluation built on the cheapest ball chain each side can still complete
// from the ball to its goal (Eval, and an Evaluator that gives its values
// in less time to one search), and move ordering that tries ball passages
// toward the goal first.
package intercept
