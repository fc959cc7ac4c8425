package account

import (
	_ "embed"
	"strings"
	"sync"
)

// commonList is SecLists' 10k-most-common.txt, one password a line (see
// README.md beside it).
//
//go:embed common-passwords.txt
var commonList string

// commonCount is the number of passwords in commonList.
const commonCount = 10000

// commonSet is commonList as a set, built on first use.
var commonSet = sync.OnceValue(func() map[string]bool {
	set := make(map[string]bool, commonCount)
	for _, p := range strings.Split(strings.TrimSpace(commonList), "\n") {
		set[strings.ToLower(strings.TrimSpace(p))] = true
	}
	return set
})

// IsCommonPassword reports whether password, in any case, is one of the
// 10,000 most common passwords.
func IsCommonPassword(password string) bool {
	return commonSet()[strings.ToLower(password)]
}
