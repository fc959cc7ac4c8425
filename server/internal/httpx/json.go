package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"

	"plateau/protocol"
)

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error answers status with the API's error body: {"error": {"code",
// "message"}} (docs/api.md).
func Error(w http.ResponseWriter, status int, code, msg string) {
	WriteJSON(w, status, map[string]apiError{"error": {code, msg}})
}

// WriteJSON answers status with v in JSON.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// FieldError is a refused request: 400 naming the field at fault
// ("variant.limit", "seats[1].kind", "clock.minutes"; "" for the body).
type FieldError struct {
	Field   string
	Message string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return "body: " + e.Message
	}
	return e.Field + ": " + e.Message
}

// Write answers e: 400 bad_request with the field.
func (e *FieldError) Write(w http.ResponseWriter) {
	WriteJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
		"code": "bad_request", "field": e.Field, "message": e.Error()}})
}

// StrictError is the FieldError of a protocol.DecodeStrict error: the
// field at fault when there is one.
func StrictError(err error) *FieldError {
	var ke *protocol.KeyError
	if errors.As(err, &ke) {
		return &FieldError{Field: ke.Field, Message: ke.Message}
	}
	return &FieldError{Message: err.Error()}
}

// ClientIP is the address a request comes from (no proxy headers trusted).
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// httpsKey marks the context of a request that a trusted proxy received
// over TLS.
type httpsKey struct{}

// WithHTTPS marks r as received over TLS by a trusted proxy.
func WithHTTPS(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), httpsKey{}, true))
}

// ViaHTTPS reports whether a trusted proxy received r over TLS.
func ViaHTTPS(r *http.Request) bool {
	v, _ := r.Context().Value(httpsKey{}).(bool)
	return v
}
