package main

import (
	"flag"

	"plateau/server"
)

// admissionFlags adds the flags of the admission pools of serve (password
// hashing, analysis, reviews: server.Admission) to fs; the function
// returned reads them once parsed, or says which is wrong.
func admissionFlags(fs *flag.FlagSet) func() (server.Admission, error) {
	d := server.DefaultAdmission
	hashMiB := fs.Int("hash-memory", int(d.HashMemory>>20), "`MiB` of password hashing at once: the hashing workers are the cores, at most this / the memory of one hash (19 MiB)")
	var a server.Admission
	limits := []struct {
		name, usage string
		v           *int
	}{
		{"hash-queue", "sign-ins and sign-ups waiting for a hashing worker; beyond: 503 busy", &a.HashQueue},
		{"hash-per-client", "sign-ins and sign-ups of one client (account, or address by IPv6 /64) hashing or waiting", &a.HashPerClient},
		{"analysis-queue", "analysis searches (POST /api/analysis) waiting for their turn; beyond: 503 busy", &a.AnalysisQueue},
		{"analysis-per-client", "analysis searches of one client running or waiting", &a.AnalysisPerClient},
		{"review-queue", "game reviews waiting for their turn past the --reviews running; beyond: 503 busy", &a.ReviewQueue},
		{"reviews-per-client", "game reviews one client asked for running or waiting, served in turn with other clients'", &a.ReviewsPerClient},
	}
	defaults := map[string]int{"hash-queue": d.HashQueue, "hash-per-client": d.HashPerClient, "analysis-queue": d.AnalysisQueue,
		"analysis-per-client": d.AnalysisPerClient, "review-queue": d.ReviewQueue, "reviews-per-client": d.ReviewsPerClient}
	for _, l := range limits {
		fs.IntVar(l.v, l.name, defaults[l.name], l.usage+" (-1: no limit)")
	}
	return func() (server.Admission, error) {
		if *hashMiB < 1 {
			return a, usagef("--hash-memory %d: want at least 1 MiB", *hashMiB)
		}
		a.HashMemory = int64(*hashMiB) << 20
		for _, l := range limits {
			if *l.v == 0 || *l.v < -1 {
				return a, usagef("--%s %d: want a limit of at least 1, or -1 for none", l.name, *l.v)
			}
		}
		return a, nil
	}
}
