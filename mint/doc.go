// Package mint makes the random ids and secret tokens of Plateau (games,
// seats, accounts, sessions) and the hash under which a token is stored,
// so that rooms and accounts mint them one way.
package mint
