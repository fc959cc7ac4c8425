// Package levels makes the computer levels players of each game's rating
// pool (issue 68; docs/ratings.md, Computer levels): one account a level,
// "Plateau hard", rated in every game apart, its rating seeded from the
// published ladder (ai/level/ladder.json) put on the players' scale by
// Anchor. GET /api/levels lists their ratings; POST /api/levels/games
// makes a rated game against one, under the rules of rated games between
// people (fair play, the seeks' rate, the pair's games a day).
package levels
