package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"plateau/server"
)

// TestSignUpWeakPassword: the sign-up dialog says why the server refused a
// password, in the page's language; the sign-in dialog says how long to
// wait when the server limits the attempts.
func TestSignUpWeakPassword(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, _ := startServerWith(t, func(o *server.Options) { o.SignInPairBurst = 1 })
	zoe := newTab(t, bctx, "zoe")
	for _, status := range []string{"400", "401", "429"} { // the refused sign-ups' and sign-ins' answers
		zoe.allow(status)
	}
	for _, c := range []struct{ lang, password, want string }{
		{"en", "password", "This password is one of the 10,000 most common ones, which guessers try first: choose another."},
		{"fr", "zoe_2 rules", "Un mot de passe ne contient pas le nom."},
	} {
		zoe.open(base+"/rules/dames?lang="+c.lang, `!!document.querySelector('#signin-open')`)
		zoe.clickAt("#signin-open")
		zoe.waitJS("the sign-in dialog", `!!document.querySelector('#account-dialog[open] #account-switch')`)
		zoe.clickAt("#account-switch")
		zoe.do("type the name and a weak password",
			chromedp.SendKeys(chromedp.CSS("#account-name"), "Zoe_2"),
			chromedp.SendKeys(chromedp.CSS("#account-password"), c.password))
		zoe.clickAt("#account-submit")
		zoe.waitJS("the refusal in "+c.lang, fmt.Sprintf(`document.querySelector('#account-error')?.textContent === %q`, c.want))
	}

	zoe.open(base+"/rules/dames?lang=en", `!!document.querySelector('#signin-open')`)
	zoe.clickAt("#signin-open")
	zoe.waitJS("the sign-in dialog", `!!document.querySelector('#account-dialog[open]')`)
	zoe.do("type a name and a wrong password",
		chromedp.SendKeys(chromedp.CSS("#account-name"), "Yann"),
		chromedp.SendKeys(chromedp.CSS("#account-password"), "wrong horse"))
	zoe.clickAt("#account-submit")
	zoe.waitJS("the first refusal", `document.querySelector('#account-error')?.textContent === 'Wrong name or password.'`)
	zoe.clickAt("#account-submit")
	zoe.waitJS("the limit", `/^Too many attempts: retry in (29\d|300) s\.$/.test(document.querySelector('#account-error')?.textContent)`)
}
