// Package ratings serves the players' ratings (docs/api.md, Ratings): a
// game's leaderboard, an account's ratings with their histories, and the
// rating the lobby and the tournaments show beside a player. A rating is
// shown provisional when its deviation is high or it has fewer than
// Config.ProvisionalGames rated games (docs/fairplay.md, Farming).
package ratings
