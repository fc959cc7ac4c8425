package server

import (
	"time"

	"plateau/account"
)

// Defaults of the account options (see Options).
const (
	DefaultSessionTTL  = 30 * 24 * time.Hour
	DefaultSignInBurst = 10
	DefaultSignInEvery = 30 * time.Second
)

// accountDefaults fills in the defaults of the account options.
func (o *Options) accountDefaults() {
	if o.SessionTTL <= 0 {
		o.SessionTTL = DefaultSessionTTL
	}
	if o.SignInBurst == 0 {
		o.SignInBurst = DefaultSignInBurst
	}
	if o.SignInEvery <= 0 {
		o.SignInEvery = DefaultSignInEvery
	}
	if o.SignInPairBurst == 0 {
		o.SignInPairBurst = DefaultSignInPairBurst
	}
	if o.SignInPairEvery <= 0 {
		o.SignInPairEvery = DefaultSignInPairEvery
	}
	if o.Passwords == (account.Params{}) {
		o.Passwords = account.DefaultParams
	}
}

// Defaults of the pair's back-off (see Options).
const (
	DefaultSignInPairBurst = 5
	DefaultSignInPairEvery = 5 * time.Minute
)
