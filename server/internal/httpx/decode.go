package httpx

import (
	"errors"
	"fmt"
	"io"
	"mime"
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

// DecodeJSON reads a request's JSON object body into v, strictly
// (protocol.DecodeStrict), or answers why not: 415 when it is not declared
// application/json (the guard against cross-site form posts), 400
// otherwise.
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		Error(w, http.StatusUnsupportedMediaType, "unsupported_media_type", "the body must be JSON, sent with Content-Type: application/json")
		return false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10))
	if err != nil {
		(&FieldError{Message: err.Error()}).Write(w)
		return false
	}
	if err := protocol.DecodeStrict(body, v); err != nil {
		StrictError(err).Write(w)
		return false
	}
	return true
}
