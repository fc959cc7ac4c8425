// Package httpx holds what every job package of the server answers HTTP
// with: the API's JSON errors (Error, FieldError), strict URL numbers,
// token buckets per key and per connection, and the admission pools of
// expensive work (Pool), served in turn per client.
package httpx
