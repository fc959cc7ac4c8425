// Package web is the web client's files (docs/web-client.md): plain ES
// modules, stylesheets and index.html, embedded in the binary and served
// by package server/assets. It has no Go code but FS.
package web

import "embed"

// FS holds the web client's files, by their path in this directory.
//
//go:embed index.html app.css rules.css js
var FS embed.FS
