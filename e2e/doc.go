// Package e2e holds Plateau's browser tests: chromedp drives Debian's
// chromium against the real server (httptest) and the web client it serves.
// Two players join a game by its invite link and play by real clicks while a
// third browser watches; the tests also reload mid-game, click illegal
// targets, switch the language, collect console errors and write the
// screenshots under docs/screenshots/.
//
// The tests skip when chromium is absent, and fail instead when
// PLATEAU_REQUIRE_E2E=1. PLATEAU_SCREENSHOTS=1 renews the committed
// screenshots.
//
// The package is its own module (plateau/e2e, with plateau replaced by the
// parent directory) so that the product's module graph carries no browser
// driver: run it with (cd e2e && go test ./...).
package e2e
