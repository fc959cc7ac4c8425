package mahbousse

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// featureName names feature i as Go for weights.go.
func featureName(i int) string {
	names := map[int]string{
		fOff: "fOff", fPrime: "fPrime", fPrime2: "fPrime2", fShotsBack: "fShotsBack", fShotsFront: "fShotsFront",
		fStart: "fStart", fHome: "fHome", fSpread: "fSpread", fBlots: "fBlots", fAway: "fAway",
		fContactPips: "fContactPips", fRaceLead: "fRaceLead", fTempo: "fTempo", fRaceTempo: "fRaceTempo",
	}
	switch {
	case i >= fClosed && i < fClosed+24:
		return fmt.Sprintf("fClosed + %d", i-fClosed)
	case i >= fPin && i < fPin+24:
		return fmt.Sprintf("fPin + %d", i-fPin)
	}
	return names[i]
}

// TestTrain trains from the current weights. With PLATEAU_TRAIN=N it plays
// N self-play games and prints the weights as Go for weights.go; by default
// it plays a few games and checks that training keeps the obvious signs.
func TestTrain(t *testing.T) {
	games, seed := 6, uint64(1)
	if v := os.Getenv("PLATEAU_TRAIN"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("PLATEAU_TRAIN=%q: %v", v, err)
		}
		games = n
		seed, _ = strconv.ParseUint(os.Getenv("PLATEAU_TRAIN_SEED"), 10, 64)
	}
	w, err := Train(context.Background(), trained, TrainOptions{Games: games, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if w[fContactPips] <= 0 || w[fRaceLead] <= 0 || w[fOff] <= 0 {
		t.Errorf("after %d games a pip lead or borne-off checkers are not good: %v", games, w)
	}
	if os.Getenv("PLATEAU_TRAIN") != "" {
		var sb strings.Builder
		for i, v := range w {
			fmt.Fprintf(&sb, "\t%s: %.4f,\n", featureName(i), v)
		}
		t.Logf("trained on %d games:\n%s", games, sb.String())
	}
}
