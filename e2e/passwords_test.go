package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSignUpWeakPassword: the sign-up dialog says why the server refused a
// password, in the page's language.
func TestSignUpWeakPassword(t *testing.T) {
	bctx := browser(t)
	base := startServer(t)
	zoe := newTab(t, bctx, "zoe")
	zoe.allow("400") // the refused sign-ups' answers
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
}
