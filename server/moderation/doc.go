// Package moderation serves the moderators' fair-play review
// (docs/fairplay.md): the page GET /mod and GET /api/mod/accounts list the
// accounts marked by server/fairplay, or cleared, with their statistics
// since their last clearing; a moderator clears a marked account with
// POST /api/mod/accounts/{name}/clear, or the page's form. Only the
// accounts named in Config.Moderators may.
package moderation
