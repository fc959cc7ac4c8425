package main

import (
	"context"
	"errors"
)

func runServe(ctx context.Context, e *env, args []string) error {
	return errors.New("not yet implemented: the server lands with its own issue")
}
