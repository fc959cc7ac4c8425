package server

import (
	"errors"

	"plateau/protocol"
)

// strictError is the FieldError of a protocol.DecodeStrict error: the
// field at fault when there is one.
func strictError(err error) *FieldError {
	var ke *protocol.KeyError
	if errors.As(err, &ke) {
		return &FieldError{Field: ke.Field, Message: ke.Message}
	}
	return &FieldError{Message: err.Error()}
}
