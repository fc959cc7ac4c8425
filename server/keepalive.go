package server

import (
	"time"
)

// Defaults of the WebSocket keep-alive (see Options).
const (
	DefaultPingInterval = 30 * time.Second
	DefaultPingTimeout  = 20 * time.Second
)

// keepAliveDefaults fills in the keep-alive's defaults.
func (o *Options) keepAliveDefaults() {
	if o.PingInterval <= 0 {
		o.PingInterval = DefaultPingInterval
	}
	if o.PingTimeout <= 0 {
		o.PingTimeout = DefaultPingTimeout
	}
}
