package httpx

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	"plateau/protocol"
)

// DecodeBody reads a JSON body of at most limit bytes into v, strictly
// (protocol.DecodeStrict); it answers the error itself and returns false
// on failure.
func DecodeBody(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		Error(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("body over the limit of %d bytes", mb.Limit))
		return false
	} else if err != nil {
		Error(w, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return false
	}
	if err := protocol.DecodeStrict(body, v); err != nil {
		StrictError(err).Write(w)
		return false
	}
	return true
}
