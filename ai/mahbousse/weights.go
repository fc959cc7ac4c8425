package mahbousse

// trained are the weights Eval uses, printed by
// PLATEAU_TRAIN=games go test ./ai/mahbousse -run TestTrain -v
// (training starts from the weights below: run it again to go on).
var trained = Weights{
	fOff:         1.7967,
	fPins19:      2.2196,
	fPins13:      0.8443,
	fPins7:       0.5488,
	fPins1:       0.0688,
	fClosed1:     -1.1711,
	fClosed7:     -0.3857,
	fClosed13:    0.8766,
	fClosed19:    0.3723,
	fPrime:       0.4323,
	fPrime2:      -0.2695,
	fShotsBack:   -0.2421,
	fShotsFront:  -0.2913,
	fStart:       0.7061,
	fHome:        -2.4195,
	fSpread:      0.2539,
	fBlots:       0.3771,
	fAway:        0.6366,
	fContactPips: 0.6667,
	fRaceLead:    0.8061,
	fTempo:       -0.0244,
	fRaceTempo:   0.0652,
}
