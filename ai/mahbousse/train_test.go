package mahbousse

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

var featureNames = [nFeatures]string{
	"fOff", "fPins19", "fPins13", "fPins7", "fPins1", "fClosed1", "fClosed7", "fClosed13", "fClosed19",
	"fPrime", "fPrime2", "fShotsBack", "fShotsFront", "fStart", "fHome", "fSpread", "fBlots", "fAway",
	"fContactPips", "fRaceLead", "fTempo", "fRaceTempo",
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
			fmt.Fprintf(&sb, "\t%s: %.4f,\n", featureNames[i], v)
		}
		t.Logf("trained on %d games:\n%s", games, sb.String())
	}
}
