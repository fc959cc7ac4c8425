// Package accounts serves the players' accounts (docs/api.md, Accounts):
// sign-up and sign-in with throttling per address, per name and per pair,
// sessions in an HttpOnly cookie whose end closes their sockets, the
// device cookie that tells which seats a browser joined, the claim of a
// guest's seats and the player page. The rest of the server asks its
// Handler who sent a request (Session) and which games its device joined.
package accounts
